/** The hidden field that carries the signed time the form was rendered (minimum fill time). No imports: the browser bundle uses it too. */
export const FILL_TOKEN_FIELD = "_fill";
