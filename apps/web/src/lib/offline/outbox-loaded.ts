// What the first page needs of the outbox once it has painted, in one chunk loaded by loadOutbox (outbox-loader.ts):
// the IndexedDB store (idb) and the sender.
export { discardEntriesOf, dismissRefused } from './outbox-actions';
export { listEntries, listWaiting } from './outbox-store';
export { sendWaiting } from './send-outbox';
