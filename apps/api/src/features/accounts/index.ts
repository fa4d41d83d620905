/** The accounts feature as the rest of the API sees it: what other features and the app may use. */
export { countAccountUsers, findAccountByCompany, listAccountsWithTotals, updateAccountSettings, type AccountOperatorSettings } from './accounts.repository';
export { accountsRoutes } from './accounts.routes';
export { createAccountWithAdmin, createUserInAccount } from './accounts.service';
