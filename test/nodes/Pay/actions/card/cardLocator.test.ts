/**
 * The Card field from version 2 on: n8n's resource locator. What the node reads from each mode,
 * what it refuses (naming the field and the mode, before anything is sent), and that the editor's
 * own check of a typed value (the modes' validation, run by n8n) agrees.
 */
import {
	cardLocatorProperty,
	readCardLocator,
} from '../../../../../nodes/Pay/actions/card/cardLocator';
import { editorIssues as issuesOf, locator } from '../../../../harness/locatorField';
import { payNode } from '../../../../harness/payNode';

const node = payNode(2);
const editorIssues = (mode: string, value: string) =>
	issuesOf(node, cardLocatorProperty, mode, value);

describe('Card', () => {
	const uuid = '3f2a9c1e-8b7d-4e2f-9a6b-1c0d5e4f3a2b';
	const cardOf = (mode: string, value: unknown) => readCardLocator(node, 0, locator(mode, value));

	it('From List and By UUID give the card_uuid', () => {
		expect(cardOf('list', uuid)).toBe(uuid);
		expect(cardOf('id', ` ${uuid} `)).toBe(uuid);
		expect(editorIssues('id', uuid)).toEqual([]);
	});

	it.each([
		['list', '', /^Card \(From List\): is empty; pick a card from the list$/],
		['id', '', /^Card \(By UUID\): is empty; map the card_uuid of a saved card/],
		['id', 'not a uuid', /^Card \(By UUID\): "not a uuid" is not a card_uuid/],
		['id', '../list_tc', /^Card \(By UUID\): "..\/list_tc" is not a card_uuid/],
		[
			'url',
			uuid,
			/^Card \(mode "url"\): is not a way this field offers; pick From List or By UUID$/,
		],
	])('%s %j is refused, naming the field and the mode', (mode, value, message) => {
		expect(() => cardOf(mode, value)).toThrow(message);
	});

	it("the editor flags a typed card_uuid that is none, in the node's words", () => {
		expect(editorIssues('id', 'not a uuid')).toEqual([
			'Card (By UUID): not a card_uuid (letters, digits and "-")',
		]);
	});
});
