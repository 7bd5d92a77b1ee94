// ESLint's own max-lines-per-function, except for the function handed to `describe`: a describe
// block is a list of tests, not a function anyone follows; each test (`it`) and hook inside it
// still counts.
import { builtinRules } from 'eslint/use-at-your-own-risk';

const coreRule = builtinRules.get('max-lines-per-function');

/** `describe(…)`, `describe.each(…)(…)`, `describe.skip(…)`, `describe.only(…)` */
function isDescribe(callee) {
	if (callee.type === 'CallExpression') return isDescribe(callee.callee);
	if (callee.type === 'MemberExpression') return isDescribe(callee.object);
	return callee.type === 'Identifier' && callee.name === 'describe';
}

function isTestList(functionNode) {
	const parent = functionNode.parent;
	return (
		parent?.type === 'CallExpression' &&
		parent.arguments.includes(functionNode) &&
		isDescribe(parent.callee)
	);
}

export const maxLinesPerFunction = {
	meta: coreRule.meta,
	create(context) {
		const listeners = coreRule.create(context);
		return Object.fromEntries(
			Object.entries(listeners).map(([selector, listener]) => [
				selector,
				(node) => {
					if (!isTestList(node)) listener(node);
				},
			]),
		);
	},
};
