// For the tests: the personal page as the account route mounts it, once the account has loaded.
import { useAccount } from '../account';
import { PersonalPage } from './PersonalPage';

export function PersonalPageOfAccount() {
  const account = useAccount();
  return account.status === 'ready' ? <PersonalPage account={account} /> : null;
}
