// The package files one Transfer → Send item enters from execute() to the wire, as
// test/walk/walkToTheWire.test.ts measures them (the test fails when this list and the code part).
export const WALK_FILES = [
	'credentials/PayApi.credentials.ts',
	'nodes/Pay/Pay.node.ts',
	'nodes/Pay/actions/itemPipeline.ts',
	'nodes/Pay/actions/router.ts',
	'nodes/Pay/actions/transfer/send.operation.ts',
	'nodes/Pay/execution/derivedReference.ts',
	'nodes/Pay/execution/readParameter.ts',
	'nodes/Pay/helpers/fieldInput.ts',
	'nodes/shared/transport/atMostOnce.ts',
	'nodes/shared/transport/connection.ts',
	'nodes/shared/transport/request.ts',
	'nodes/shared/transport/sentRecord.ts',
];
