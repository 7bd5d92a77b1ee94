/**
 * The text of a field that says where money goes, whether it is text (version 1) or a resource
 * locator (version 2: `{ mode, value }`). A payment given By URL is compared by its slug, so an
 * allow-list of slugs and an agent asking for a slug see the same value as a pasted link.
 */
import { isLocatorValue } from '../helpers/fieldInput';
import { lastPathSegment } from '../helpers/pageLink';

/** What the field holds as text: a locator's value (a link's slug), or the value itself. */
export function guardedText(raw: unknown): unknown {
	if (!isLocatorValue(raw)) return raw;
	const { mode, value } = raw;
	if (mode === 'url' && typeof value === 'string' && !value.startsWith('='))
		return lastPathSegment(value.trim()) ?? value;
	return value;
}
