/**
 * The layout's import rules (CONTRIBUTING.md, "Layout"), kept by eslint: an import that runs back
 * up a floor, or into another node's folder, is an error of `npm run lint`; one that runs down is
 * not.
 * Each case lints a one-import text as if it were the file named, all in one eslint process.
 */
import { errors, lintEach } from './lintText';

/** A file that imports `name` from `from` and hands it on, so nothing else is wrong with it. */
const importing = (from: string, name = 'value') =>
	`import { ${name} } from '${from}';\n\nexport const handedOn = ${name};\n`;

const cases: Array<[string, string, 'refused' | 'allowed']> = [
	['nodes/Pay/tool/probe.ts', '../actions/types', 'refused'],
	['nodes/Pay/tool/probe.ts', '../payOperation', 'allowed'],
	['nodes/Pay/payOperation.ts', './actions/types', 'refused'],
	['nodes/Pay/actions/card/probe.ts', '../../tool/toolGate', 'allowed'],
	['nodes/Pay/actions/card/probe.ts', '../../Pay.node', 'refused'],
	['nodes/Pay/actions/card/probe.ts', '../../methods/searchCards', 'refused'],
	['nodes/Pay/waiting/probe.ts', '../actions/router', 'refused'],
	['nodes/Pay/waiting/probe.ts', '../execution/operationEnvironment', 'allowed'],
	['nodes/Pay/execution/probe.ts', '../waiting/waitRecord', 'refused'],
	['nodes/Pay/helpers/probe.ts', '../execution/readParameter', 'refused'],
	['nodes/Pay/helpers/probe.ts', '../../shared/service/slugRule', 'allowed'],
	['nodes/Pay/helpers/probe.ts', '../../PayTrigger/PayTrigger.node', 'refused'],
	['nodes/PayTrigger/probe.ts', '../Pay/helpers/slug', 'refused'],
	['nodes/PayMoneyReceivedTrigger/probe.ts', '../PayTrigger/recordBook', 'refused'],
	['nodes/shared/transport/probe.ts', '../../Pay/execution/nodeRun', 'refused'],
	['nodes/shared/transport/probe.ts', '../callback/callbackEvent', 'refused'],
	['nodes/shared/transport/probe.ts', '../service/states', 'allowed'],
	['nodes/shared/service/probe.ts', '../transport/request', 'refused'],
	['nodes/shared/callback/probe.ts', '../transport', 'allowed'],
	// Outside the transport, only its door (nodes/shared/transport/index.ts).
	['nodes/shared/callback/probe.ts', '../transport/request', 'refused'],
	['nodes/Pay/actions/card/probe.ts', '../../../shared/transport/terms/requestTypes', 'refused'],
	['nodes/Pay/actions/card/probe.ts', '../../../shared/transport', 'allowed'],
	['nodes/Pay/execution/probe.ts', '../../shared/transport/terms/errorFacts', 'refused'],
	['nodes/PayTrigger/probe.ts', '../shared/transport/request', 'refused'],
	['nodes/PayTrigger/probe.ts', '../shared/transport', 'allowed'],
	['nodes/PayMoneyReceivedTrigger/probe.ts', '../shared/transport/request/allPages', 'refused'],
	['nodes/shared/transport/probe.ts', './request', 'allowed'],
	// Inside the transport, a room stands only on the rooms below it, and never on its door.
	['nodes/shared/transport/request/probe.ts', '../neverTwice/ledger', 'allowed'],
	['nodes/shared/transport/request/probe.ts', '../terms/requestTypes', 'allowed'],
	['nodes/shared/transport/neverTwice/probe.ts', '../request/request', 'refused'],
	['nodes/shared/transport/neverTwice/probe.ts', '../meaning/failureMeaning', 'allowed'],
	['nodes/shared/transport/meaning/probe.ts', '../neverTwice/ledger', 'refused'],
	['nodes/shared/transport/meaning/probe.ts', './failureWords', 'allowed'],
	['nodes/shared/transport/wire/probe.ts', '../meaning/apiError', 'refused'],
	['nodes/shared/transport/wire/probe.ts', '../terms/errorFacts', 'allowed'],
	['nodes/shared/transport/terms/probe.ts', '../wire/failure', 'refused'],
	['nodes/shared/transport/terms/probe.ts', '..', 'refused'],
	['nodes/shared/transport/request/probe.ts', '../index', 'refused'],
	['nodes/shared/transport/wire/probe.ts', '../../callback/callbackEvent', 'refused'],
	['nodes/shared/transport/wire/probe.ts', '../../service/states', 'allowed'],
	['nodes/shared/transport/wire/probe.ts', '../../../../credentials/baseUrl', 'allowed'],
	['nodes/Pay/actions/itemPipeline.ts', '../../shared/transport/request/request', 'refused'],
	['nodes/shared/probe.ts', './transport/safety', 'refused'],
	['nodes/shared/probe.ts', '../../credentials/PayApi.credentials', 'allowed'],
	['credentials/probe.ts', '../nodes/shared/jsonLayers', 'refused'],
];

let linted: Array<Array<string | null>> = [];

/**
 * The errors but an import circle's: an upward import into a file that imports back
 * (payOperation.ts importing actions/types.ts) is one too, held by test/lint/importCircles.test.ts.
 */
const exceptCircles = (rules: Array<string | null>) =>
	rules.filter((rule) => rule !== 'house/no-import-circle');

beforeAll(() => {
	linted = lintEach(cases.map(([fileName, from]) => ({ fileName, text: importing(from) })))
		.map(errors)
		.map(exceptCircles);
}, 180_000);

describe('folder imports', () => {
	it.each(cases.map((entry, index) => [...entry, index] as const))(
		'%s importing %s: %s',
		(_file, _from, expected, index) => {
			expect(linted[index]).toEqual(expected === 'refused' ? ['no-restricted-imports'] : []);
		},
	);
});
