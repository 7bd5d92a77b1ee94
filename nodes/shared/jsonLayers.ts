/**
 * JSON encoded twice, for the nodes: the one implementation lives with the credential (the lowest
 * floor, whose token refresh needs it too); the nodes take it from here, so the Pay Trigger stands
 * on nodes/shared/ alone.
 */
export { peelJson } from '../../credentials/jsonLayers';
