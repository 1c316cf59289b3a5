export { HEARTBEAT_FILE, startHeartbeat } from './heartbeat';
