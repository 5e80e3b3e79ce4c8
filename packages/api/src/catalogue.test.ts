import { findGroup, groupIds, groupListFilter } from './catalogue';
import type { ServiceGroupNode, ServiceGroupTreeResponse } from './contract/services';

const node = (groupId: number, slug: string, childNodes: ServiceGroupNode[] = []): ServiceGroupNode =>
  ({ groupId, slug, title: slug, key: slug, childNodes }) as unknown as ServiceGroupNode;

const trees: ServiceGroupTreeResponse = {
  services: [node(1, 'blood', [node(11, 'count'), node(12, 'coagulation', [node(121, 'd-dimer')])])],
  packageServices: [node(2, 'checkups')],
} as unknown as ServiceGroupTreeResponse;

describe("a category's list", () => {
  it('finds a group in either tree with the groups above it', () => {
    const found = findGroup(trees, 'd-dimer');
    expect(found?.tree).toBe('services');
    expect(found?.ancestors.map((group) => group.slug)).toEqual(['blood', 'coagulation']);
    expect(findGroup(trees, 'checkups')?.tree).toBe('packageServices');
    expect(findGroup(trees, 'nope')).toBeNull();
  });

  it("lists a group with all its subgroups' services, in one city", () => {
    const blood = findGroup(trees, 'blood')?.node as ServiceGroupNode;
    expect(groupIds(blood)).toEqual([1, 11, 12, 121]);
    expect(groupListFilter(blood, 7)).toEqual({ settlementId: 7, groupIds: [1, 11, 12, 121] });
  });
});
