/**
 * A Colombian mobile number, read by one rule wherever the package sends or compares one: 10 digits
 * starting with 3, with or without the country code (+57 or 57), with spaces, dashes, dots or
 * brackets anywhere ("+57 (300) 123-4567", "300.123.4567"). Nothing else is one: no other country
 * code, no leading 0, no landline.
 */
const SEPARATORS = /[\s().-]/g;
const MOBILE = /^(?:\+?57)?(3\d{9})$/;

/** The number's 10-digit national form (3001234567), or undefined when the text is not one. */
export function colombianMobile(text: string): string | undefined {
	return MOBILE.exec(text.trim().replace(SEPARATORS, ''))?.[1];
}

/** Whether both texts are Colombian mobile numbers, and the same one, however each is written. */
export function sameColombianMobile(one: string, other: string): boolean {
	const mobile = colombianMobile(one);
	return mobile !== undefined && mobile === colombianMobile(other);
}
