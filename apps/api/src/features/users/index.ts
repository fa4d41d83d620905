/** The users feature as the rest of the API sees it: what other features and the app may use. */
export { presentCurrentUser } from './current-user.presenter';
export { countAllUsers, findUser, findUserByEmail, insertUser, normalizeEmail, setLastLogin, setPasswordHash } from './users.repository';
export { usersRoutes } from './users.routes';
