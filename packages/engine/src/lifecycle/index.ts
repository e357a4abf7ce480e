export { claimHomeForEngine } from './engine-claim.js';
export { boundEngineHeapGrowth, HEAP_GROWING_PERCENT } from './heap-growth.js';
export { HOME_LOCK_FILE, acquireHomeLock, homeLockPath, readHomeLock, runningOwner, type HomeLock, type HomeLockOwner, type HomeLockResult } from './home-lock.js';
export { onParentGone } from './parent-watch.js';
export { identityOf, isRunning, processStartTime, type ProcessIdentity } from './process-identity.js';
