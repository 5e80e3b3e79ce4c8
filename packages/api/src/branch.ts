/**
 * A branch as people read it: its title, then its address when that says more (many branches are
 * titled by their address, and "вул. Хрещатик, 67, вул. Хрещатик, 67" says it twice).
 */
export function branchLabel(branch: { title: string; address: string | null }): string {
  const address = branch.address?.trim();
  if (!address || address === branch.title.trim() || branch.title.includes(address)) return branch.title;
  return `${branch.title}, ${address}`;
}
