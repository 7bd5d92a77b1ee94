/**
 * How many items the node sends at the same time when Items at Once is not set. Operations that
 * cannot cause anything twice, reads and creations that carry an idempotency key, send 10 at a
 * time: one at a time made them slower than n8n's HTTP Request node, which starts every item's
 * request at once. Everything that moves money or changes state stays one at a time.
 */
export const ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS = 10;

/** `resource:operation` of the operations that send only reads or idempotency-keyed creations. */
const SAFE_OPERATIONS = new Set([
	'card:get',
	'card:getAll',
	'checkout:listBanks',
	'payment:create',
	'payment:createAndWait',
	'payment:estimateFees',
	'payment:get',
	'payment:getWaitedLinks',
	'transfer:getAll',
]);

export function defaultItemsAtOnce(resource: string, operation: string): number {
	return SAFE_OPERATIONS.has(`${resource}:${operation}`) ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1;
}
