/** The page for a host no tenant claims: plain, and carrying no tenant's name, stock or styles. */
export const unknownHostHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Site not found</title><link rel="icon" href="data:,"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Site not found</h1>
<p>There is no dealer website at this address. Check the address and try again.</p>
</body></html>`;
