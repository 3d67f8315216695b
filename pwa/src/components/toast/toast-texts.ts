/** The title of an error that needs no other: the sentence says what went wrong. */
export const ERROR_TITLE = 'Error';
/** What an error says when the failure brought no sentence of its own. */
export const TRY_AGAIN = 'Please try again.';
