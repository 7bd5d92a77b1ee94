// The layout's import rules (CONTRIBUTING.md, "Layout") as `no-restricted-imports`: each folder
// stands only on the ones below it, so an import that runs back up, or into the other node's
// folder, fails `npm run lint`. Imports are relative, so a rule names the folder or file the path
// ends in, however many `../` lead to it.

/** nodes/Pay, from the top floor down: a part may import only the parts below it. */
const PAY_FLOORS = [
	['Pay.node', 'nodes/Pay/Pay.node.ts'],
	['methods', 'nodes/Pay/methods/**/*.ts'],
	['actions', 'nodes/Pay/actions/**/*.ts'],
	['tool', 'nodes/Pay/tool/**/*.ts'],
	['payOperation', 'nodes/Pay/payOperation.ts'],
	['waiting', 'nodes/Pay/waiting/**/*.ts'],
	['execution', 'nodes/Pay/execution/**/*.ts'],
	['helpers', 'nodes/Pay/helpers/**/*.ts'],
];

/** nodes/shared, likewise: the callback reading stands on the transport, which stands on the rest. */
const SHARED_FLOORS = [
	['callback', 'nodes/shared/callback/**/*.ts'],
	['transport', 'nodes/shared/transport/**/*.ts'],
	['accounting', 'nodes/shared/accounting/**/*.ts'],
	['service', 'nodes/shared/service/**/*.ts'],
];

const NODES = ['Pay', 'PayTrigger', 'PayMoneyReceivedTrigger'];

/** An import whose path ends in one of the names (a folder, or a file without its extension). */
const endingIn = (names, why) => ({
	regex: `^(\\./|(\\.\\./)+)(${names.map((name) => name.replace('.', '\\.')).join('|')})(/|$)`,
	message: why,
});

const restricted = (files, patterns) => ({
	files: Array.isArray(files) ? files : [files],
	rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * Code outside the transport imports its door (nodes/shared/transport/index.ts, the folder's own
 * path), never a file behind it (CONTRIBUTING.md, "The transport's rooms (planned)").
 */
const THROUGH_THE_DOOR = {
	regex: '^(\\./|(\\.\\./)+)(.*/)?transport/.+',
	message: "import the transport through its door (its folder's index.ts), not a file behind it",
};

const floorPatterns = (floors, otherNodes, floor) => {
	const name = floors[floor][0];
	const notBelow = floors.slice(0, floor + 1).map(([above]) => above);
	return [
		endingIn(notBelow, `${name} may import only what stands below it (CONTRIBUTING.md, "Layout")`),
		endingIn(otherNodes, "a node never reaches into another node's folder"),
		// The transport itself, and the floors it stands on, never import it at all.
		...(notBelow.includes('transport') ? [] : [THROUGH_THE_DOOR]),
	];
};

const floorsRules = (floors, otherNodes) =>
	floors.map(([, files], floor) => restricted(files, floorPatterns(floors, otherNodes, floor)));

/**
 * Inside the transport, its rooms from the top down (CONTRIBUTING.md, "The transport's rooms"): a
 * room imports only the rooms below it, and never its own door. The door itself imports every room.
 */
const TRANSPORT_ROOMS = ['request', 'neverTwice', 'meaning', 'wire', 'terms'];

const THE_DOOR_FROM_INSIDE = {
	regex: '^\\.\\.(/index)?$',
	message: 'a room of the transport never imports its door: import the room below that holds it',
};

/**
 * A room's rules carry the transport's own among nodes/shared/ too: a later block's options for a
 * rule replace an earlier one's for the same file, they are not merged.
 */
const roomRules = () => {
	const transportFloor = SHARED_FLOORS.findIndex(([name]) => name === 'transport');
	const asTransport = floorPatterns(SHARED_FLOORS, NODES, transportFloor);
	return TRANSPORT_ROOMS.map((room, floor) =>
		restricted(`nodes/shared/transport/${room}/**/*.ts`, [
			...asTransport,
			endingIn(
				TRANSPORT_ROOMS.slice(0, floor + 1).filter((above) => above !== room),
				`the transport's ${room}/ may import only the rooms below it (CONTRIBUTING.md, "The transport's rooms")`,
			),
			THE_DOOR_FROM_INSIDE,
		]),
	);
};

const others = (node) => NODES.filter((name) => name !== node);

export const folderImports = [
	...floorsRules(PAY_FLOORS, others('Pay')),
	...floorsRules(SHARED_FLOORS, NODES),
	...roomRules(),
	restricted('nodes/shared/*.ts', [
		endingIn(
			SHARED_FLOORS.map(([name]) => name),
			'the files of nodes/shared/ itself stand below its folders',
		),
		endingIn(NODES, 'nodes/shared/ serves every node'),
	]),
	restricted('nodes/PayTrigger/**/*.ts', [
		endingIn(others('PayTrigger'), "a node never reaches into another node's folder"),
		THROUGH_THE_DOOR,
	]),
	restricted('nodes/PayMoneyReceivedTrigger/**/*.ts', [
		endingIn(others('PayMoneyReceivedTrigger'), "a node never reaches into another node's folder"),
		THROUGH_THE_DOOR,
	]),
	restricted('credentials/**/*.ts', [
		endingIn(['nodes'], 'the credential imports nothing of nodes/'),
	]),
];
