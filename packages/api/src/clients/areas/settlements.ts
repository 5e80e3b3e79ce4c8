import type {
  Branch,
  NearestSettlementBody,
  NearestSettlementResponse,
  SettlementsListResponse,
} from '../../contract/settlements';
import { send } from '../send';

/** Cities and branches; partner labs are always included (docs/product.md#calls). */
export const settlements = {
  list: (): Promise<SettlementsListResponse> =>
    send('settlementsList', { query: { sort: 'top-branches-count', includePartners: true } }),
  nearest: (position: NearestSettlementBody): Promise<NearestSettlementResponse> =>
    send('settlementNearest', { query: { includePartners: true }, body: position }),
  branches: (settlementId: number): Promise<Branch[]> =>
    send('settlementBranches', { params: { id: settlementId }, query: { includePartners: true } }),
};
