# Forecourt behind Varnish (docs/operations.md, "Put a shared cache in front").
# The server says what may be kept: anonymous public pages answer with
#   Cache-Control: public, max-age=0, s-maxage=1, stale-while-revalidate=3  and a strong ETag;
# everything else is private, no-store or sets a cookie, and is never kept here.
vcl 4.1;

backend default {
    .host = "127.0.0.1";
    .port = "3000";
}

sub vcl_recv {
    # Only reads are kept; a form, a favourite or a sign-in always reaches the server.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A visitor with saved cars, stored details or a garage session gets pages of their own.
    if (req.http.Cookie ~ "(^|;\s*)(fc_personal|fc_garage)=") {
        return (pass);
    }
    # A search address without a query may redirect to the visitor's last search (fc_search).
    if (req.url ~ "^/search" && req.http.Cookie ~ "(^|;\s*)fc_search=") {
        return (pass);
    }
    # The cookies stay on the request (a miss reaches the server with them: a split-test vehicle page
    # needs the device id); the server answers public only when the page ignores them. Only the
    # consent answer changes a public page, so it is part of the key (vcl_hash).
    if (req.http.Cookie ~ "(^|;\s*)fc_consent=") {
        set req.http.X-Consent = regsub(req.http.Cookie, "^(.*;\s*)?fc_consent=([^;]*).*$", "\2");
    } else {
        unset req.http.X-Consent;
    }
    return (hash);
}

sub vcl_hash {
    # Host and URL, as Varnish's own; each tenant is its own host.
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    if (req.http.X-Consent) {
        hash_data(req.http.X-Consent);
    }
    return (lookup);
}

sub vcl_backend_response {
    # Keep only what the server called public; a cookie-setting or private answer never.
    if (beresp.http.Cache-Control !~ "(^|[ ,])public([ ,]|$)" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        return (deliver);
    }
    return (deliver);
}

sub vcl_deliver {
    set resp.http.X-Cache = "MISS";
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    }
    unset req.http.X-Consent;
}
