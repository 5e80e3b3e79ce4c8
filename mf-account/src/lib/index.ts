export { Busy } from './Busy';
export { base64ToBlob, type DownloadState, saveBlob, useDownload } from './download';
export { messageOf, statusOf } from './messages';
export { NotFoundView } from './NotFoundView';
export { fullName, initials, shortName } from './people';
export { redirectTo } from './redirect';
