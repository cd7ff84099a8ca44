export { api, createApiClient, buildUrl, type ApiClient, type RequestOptions } from './client';
export { ApiError, errorMessage, isApiError, isExtensionNotOffered, type ApiErrorKind } from './errors';
export {
  apiBaseUrlOf,
  describeApiHost,
  endSession,
  getSession,
  startSession,
  subscribeSession,
  useSession,
  type Session,
} from './session';
