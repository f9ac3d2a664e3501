//! HTTP requests read for what they do to the server they reach: a
//! method that writes, an action named in the address (`…/actions/
//! publish`, `_delete_by_query`), a GraphQL mutation, a device's command
//! in its query, a forge's API called to change access, a change sent with
//! the caller's own credentials. An API is any program's: its verbs are in
//! its paths, methods and mutations, not in the client's name.

use super::cmd::Cmd;
use super::cmd::Does;

/// The HTTP method an option gives glued to it: `-XDELETE`, `-X=DELETE`,
/// `--request=DELETE`, `--method=DELETE`.
pub(super) fn glued_method(v: &str) -> Option<&str> {
    let method = v
        .strip_prefix("--request=")
        .or_else(|| v.strip_prefix("--method="))
        .or_else(|| {
            v.strip_prefix("-X")
                .map(|m| m.strip_prefix('=').unwrap_or(m))
        })?;
    (!method.is_empty()).then_some(method)
}

/// The actions an address names in its path, as search engines and
/// document stores name them: parts starting with `_` (`_delete_by_query`,
/// `_purge`).
pub(super) fn address_actions(v: &str) -> impl Iterator<Item = &str> {
    let path = v.split(['?', '#']).next().unwrap_or(v);
    path.split('/')
        .filter_map(|p| p.strip_prefix('_'))
        .filter(|p| !p.is_empty())
}

/// A request that sends, to an address whose last part is an action
/// (`curl -X POST …/depositions/42/actions/publish`, `http POST
/// …/releases/7/deploy`): what the action says (read by `verb_of`) is
/// done there. So too a forge's or a cloud's own client calling its API
/// by path (`gh api -X POST …/workflows/deploy.yml/dispatches`,
/// `databricks api post /api/2.0/clusters/permanent-delete`, `az rest
/// --method post --url …/revokeSignInSessions`), and a GraphQL mutation
/// sent by either (`deleteProjectV2`): an API is any program's, and its
/// verbs are in its paths and mutations, not in the client's name.
pub(super) fn http_action(c: &Cmd<'_>, verb_of: fn(&str) -> Option<Does>) -> Option<Does> {
    let client = c.is(super::cmd::HTTP_CLIENTS);
    // The API subcommand is the program's first word (`gh api`, `az
    // rest`, `oci raw-request`); asked of every command, so only a
    // comparison of that one word when it is not.
    let api = !client
        && c.args()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "api" | "rest" | "raw-request"));
    // Orthanc told to send studies on, to a DICOM modality or another
    // Orthanc (`POST …/modalities/PACS/store`, `…/peers/VNA/store`):
    // they leave for that machine wherever Orthanc itself runs.
    if client && sends_a_request(c) && c.operands().iter().any(|w| orthanc_sends(&w.value)) {
        return Some(Does::Deploys);
    }
    if !(client || api) {
        return None;
    }
    // On another machine, or in a cluster's pod, `localhost` is that
    // machine's own live service (`ssh gw01 curl -X POST
    // localhost:8080/actuator/shutdown`), not the project's dev server.
    let far = c.loopback_elsewhere();
    if !far && super::cmd::to_loopback_only(c) {
        return None;
    }
    // A service told to stop, start or reload by its address, even by a
    // plain GET as Tomcat's manager takes it (`curl -u d
    // "http://tomcat01:8080/manager/text/undeploy?path=/orders"`, `-X
    // POST …/connectors/x/restart`).
    let request = sends_a_request(c);
    // A server's admin pages act on a plain GET too, as Icecast's do
    // (`…/admin/killsource?mount=/live.mp3`, `/admin/moveclients`,
    // `/admin/metadata?mode=updinfo`): every page there but a look.
    // nginx-rtmp's control module likewise (`/control/drop/publisher`).
    let admin_page = |v: &&str| v.contains("/admin/") || v.contains("/control/");
    let admin = !request && c.values().any(|v| admin_page(&v));
    if !request
        && !admin
        && !c.values().any(|v| {
            ["undeploy", "reload", "restart", "shutdown"]
                .iter()
                .any(|a| v.contains(a))
        })
    {
        return None;
    }
    // Solr's admin pages, told their act in the query
    // (`/solr/admin/cores?action=STATUS`, not `action=UNLOAD`), each told
    // a look. Only Solr's: another server's page ignores an `action` it
    // does not know (`/admin/killsource?action=stats` still kills).
    let asks_a_look = admin
        && c.values()
            .filter(admin_page)
            .all(|v| solr_admin(v) && query_action(v).is_some_and(admin_looks));
    let verb_of = |part: &str| {
        if admin && !admin_looks(part) && !asks_a_look {
            return verb_of(part).or(Some(Does::Deploys));
        }
        let control = if request {
            matches!(
                part,
                "restart" | "reload" | "pause" | "resume" | "stop" | "start" | "shutdown"
            )
        } else {
            matches!(part, "reload" | "restart" | "shutdown")
        };
        match part {
            "undeploy" => Some(Does::Destroys),
            _ if control => Some(Does::Deploys),
            _ if request => verb_of(part),
            _ => None,
        }
    };
    let args = c.args();
    let from_path = args.iter().enumerate().find_map(|(i, w)| {
        let v = w.value.as_str();
        if v.starts_with('-') {
            return None;
        }
        // An option's value names the address only for an API client
        // (`az rest --url …`); a client's own options take files.
        let after_option = i > 0 && args[i - 1].value.starts_with('-');
        let part = if v.contains("://") {
            last_address_part(v, far)
        } else if api {
            (!after_option || url_option(&args[i - 1].value)).then(|| path_action(v))?
        } else if client
            && !after_option
            && v.split('/')
                .next()
                .is_some_and(|h| h.contains('.') || far_loopback(h, far))
        {
            // An address without its scheme (`xh POST api.example.com/…`).
            last_address_part_of(v, far)
        } else {
            None
        };
        part.and_then(verb_of)
    });
    // A mutation sent to a server elsewhere (an API client's always is);
    // only a request reaches here, or a GET naming a control action.
    // An address without its scheme counts when its host has a dot
    // (`http PUT api.example.com/grades/7`), as httpie and xh read it.
    let elsewhere = || {
        api || c.operands().iter().any(|w| {
            let v = w.value.as_str();
            match v.split_once("://") {
                Some((_, rest)) => remote_host(rest, far),
                None => {
                    client
                        && (bare_host(v) || far_loopback(v.split('/').next().unwrap_or(v), far))
                        && remote_host(v, far)
                }
            }
        })
    };
    from_path
        .or_else(|| {
            c.values()
                .filter(|v| v.contains("mutation"))
                .find_map(|v| graphql_mutations(v).find_map(verb_of))
                .filter(|_| elsewhere())
        })
        .or_else(|| {
            (client && replaces_with_credentials(c) && elsewhere()).then_some(Does::Deploys)
        })
        .or_else(|| changes_search_settings(c).then_some(Does::Deploys))
        // Any action of a server's Redfish controller, sent elsewhere
        // (`POST …/Actions/ComputerSystem.SetDefaultBootOrder`): a
        // machine's power, boot, media or firmware changes.
        .or_else(|| {
            (request
                && c.values()
                    .any(|v| v.contains("/redfish/") && v.contains("/Actions/"))
                && elsewhere())
            .then_some(Does::Deploys)
        })
        // A request that says it accepts losing data (Elasticsearch's
        // `"accept_data_loss": true` in a reroute) does lose it.
        .or_else(|| {
            c.values()
                .any(|v| {
                    v.split("accept_data_loss").skip(1).any(|after| {
                        after
                            .trim_start_matches(['"', ':', ' ', '='])
                            .starts_with("true")
                    })
                })
                .then_some(Does::Destroys)
        })
}

/// A search cluster's own settings replaced (`curl -XPUT
/// "$ES_URL/_ingest/pipeline/nginx"`, `…/_cluster/settings`,
/// `…/_ilm/policy/logs`): Elasticsearch's and OpenSearch's APIs name
/// them with a leading `_`, and a PUT or PATCH there changes how every
/// index is written, kept or guarded.
fn changes_search_settings(c: &Cmd<'_>) -> bool {
    const SETTINGS: &[&str] = &[
        "cluster",
        "ingest",
        "ilm",
        "ism",
        "slm",
        "index_template",
        "component_template",
        "template",
        "settings",
        "mapping",
        "alias",
        "aliases",
        "security",
        "snapshot",
        "transform",
        "watcher",
        "enrich",
        "license",
        "plugins",
        "opendistro",
    ];
    has_method(c, replaces)
        && c.operands()
            .iter()
            .any(|w| address_actions(&w.value).any(|a| SETTINGS.contains(&a)))
}

/// Whether an address is Orthanc's to send studies to a modality or a
/// peer (`http://orthanc:8042/modalities/PACS/store`, `…/peers/VNA/
/// store-straight`, `…/modalities/PACS/move`).
fn orthanc_sends(v: &str) -> bool {
    let path = v.split(['?', '#']).next().unwrap_or(v);
    let mut parts = path.trim_end_matches('/').rsplit('/');
    // The action, then (past the target's name) what the target is.
    matches!(parts.next(), Some("store" | "store-straight" | "move"))
        && matches!(parts.nth(1), Some("modalities" | "peers"))
}

/// A record replaced or changed with the caller's own credentials (`curl
/// -X PUT -H "Authorization: Bearer $T" -d 'grade=0' …/submissions/55107`):
/// whatever the address's last part, the account's data there is
/// changed. (A `DELETE` is read before this; a `POST` creates or asks, and
/// many APIs search by it.)
fn replaces_with_credentials(c: &Cmd<'_>) -> bool {
    let args = c.args();
    let method = has_method(c, replaces);
    method
        && args.iter().enumerate().any(|(i, w)| {
            let v = w.value.as_str();
            let header = |h: &str| {
                let h = h.trim_start().to_ascii_lowercase();
                ["authorization:", "private-token:", "x-api-key:", "api-key:", "x-auth-token:"]
                    .iter()
                    .any(|k| h.starts_with(k))
            };
            matches!(v, "-u" | "--user" | "--oauth2-bearer" | "-a" | "--auth")
                || v.starts_with("--user=")
                || v.starts_with("--oauth2-bearer=")
                || matches!(v, "-H" | "--header") && args.get(i + 1).is_some_and(|h| header(&h.value))
                || v.strip_prefix("-H").is_some_and(header)
                || v.strip_prefix("--header=").is_some_and(header)
                // httpie's header words (`Authorization:'Bearer x'`).
                || header(v)
        })
}

/// A command a device takes in its address (Tasmota's `http://plug/cm?
/// cmnd=Reset%201`, a `Backlog` of them; Moonraker's `…/gcode/script?
/// script=SAVE_CONFIG`), sent to a device, not this machine, even by a
/// plain GET: what its verb does (`Reset`, `Upgrade`, `Restart`).
pub(super) fn device_command(c: &Cmd<'_>, verb_of: fn(&str) -> Option<Does>) -> Option<Does> {
    if !c.is(super::cmd::HTTP_CLIENTS) {
        return None;
    }
    c.operands().iter().find_map(|w| {
        let rest = w
            .value
            .split_once("://")
            .map_or(w.value.as_str(), |(_, r)| r);
        let (address, query) = rest.split_once('?')?;
        if !remote_host(address, c.loopback_elsewhere()) {
            return None;
        }
        let text = query.split('&').find_map(|pair| {
            let (key, v) = pair.split_once('=')?;
            ["cmnd", "script"]
                .iter()
                .any(|k| key.eq_ignore_ascii_case(k))
                .then(|| unescaped(v))
        })?;
        text.split(';').find_map(|one| {
            let mut words = one.split_whitespace();
            let mut verb = words.next()?.to_ascii_lowercase();
            // (`Backlog0` runs its commands without a pause.)
            if verb.starts_with("backlog") {
                verb = words.next()?.to_ascii_lowercase();
            }
            match verb.as_str() {
                "save_config" | "firmware_restart" | "upgrade" => Some(Does::Deploys),
                v => verb_of(v),
            }
        })
    })
}

/// A request published on a topic that names what it destroys
/// (`mosquitto_pub -t zigbee2mqtt/bridge/request/device/remove`): the
/// bridge that serves the topic acts on it, on whichever broker.
pub(super) fn topic_command(c: &Cmd<'_>, verb_of: fn(&str) -> Option<Does>) -> Option<Does> {
    let publishes = match c.name.as_str() {
        "mosquitto_pub" | "mosquitto_rr" => true,
        "mqttx" | "mqtt" => c
            .operands()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "pub" | "publish")),
        _ => false,
    };
    if !publishes {
        return None;
    }
    c.option_values(&["-t", "--topic"])
        .iter()
        .flat_map(|t| t.split('/'))
        .find_map(|part| verb_of(part).filter(|d| *d == Does::Destroys))
}

/// An address's query value with its `%XX` and `+` read back.
fn unescaped(v: &str) -> String {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (c, hex) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 3;
                continue;
            }
            (b'+', _) => out.push(b' '),
            _ => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a word is an address without its scheme whose host has a dot
/// (`api.example.com/grades/7`), as httpie and xh read it; not a data
/// item (`name=a.b`), a header (`X-Key:a.b`) or a file (`@body.json`).
fn bare_host(v: &str) -> bool {
    let first = v.split('/').next().unwrap_or(v);
    first.contains('.')
        && first
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':'))
        && first
            .split_once(':')
            .is_none_or(|(h, port)| h.contains('.') && port.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether an address without its scheme names a server that is not
/// this machine's loopback; any server, the loopback too, when the
/// command runs elsewhere (`far`).
fn remote_host(rest: &str, far: bool) -> bool {
    let host = super::cmd::host_of(rest);
    !host.is_empty() && (far || !super::cmd::is_loopback(host))
}

/// Whether a host without a scheme (`localhost:8080`) is the loopback of
/// the machine a command runs on elsewhere (`far`): an address there.
fn far_loopback(host: &str, far: bool) -> bool {
    far && super::cmd::is_loopback(host)
}

/// Whether an option names the address an API client calls.
fn url_option(option: &str) -> bool {
    matches!(option, "--url" | "--uri" | "--target-uri" | "--path")
}

/// Whether an HTTP client's request sends something: a method that
/// writes (`-X POST`, `--request=PUT`, `http PATCH …`) or a body (`-d`,
/// `-F`, `-T`, `--json`, a forge client's fields `-f k=v`).
pub(super) fn sends_a_request(c: &Cmd<'_>) -> bool {
    let writes = |m: &str| {
        ["POST", "PUT", "PATCH", "DELETE"]
            .iter()
            .any(|w| m.eq_ignore_ascii_case(w))
    };
    let api = !c.is(super::cmd::HTTP_CLIENTS);
    has_method(c, writes)
        || c.args().iter().enumerate().any(|(i, w)| {
            let v = w.value.as_str();
            // (wget's `-d` is its debug output.)
            matches!(
                v,
                "-d" | "-F" | "-T" | "--form" | "--upload-file" | "--json"
            ) && !(v == "-d" && matches!(c.name.as_str(), "wget" | "wget2"))
                || v.starts_with("--data")
                // An API client's method as its own word (`databricks api
                // post …`) and its request fields and bodies.
                || api
                    && (i == 1 && writes(v)
                        || matches!(v, "-f" | "--field" | "--raw-field" | "--input" | "--body"))
        })
}

/// Whether a method replaces or changes what is there (`PUT`, `PATCH`).
fn replaces(m: &str) -> bool {
    m.eq_ignore_ascii_case("PUT") || m.eq_ignore_ascii_case("PATCH")
}

/// Whether the request's method, however the client spells it, is one
/// `wanted` accepts: glued (`-XPUT`, `--method=PATCH`), an option and
/// its value (`-X PUT`, `--request PUT`, `--http-method put`), or
/// httpie's and xh's method word (`http PUT …`).
fn has_method(c: &Cmd<'_>, wanted: impl Fn(&str) -> bool) -> bool {
    let args = c.args();
    args.iter().enumerate().any(|(i, w)| {
        let v = w.value.as_str();
        glued_method(v).is_some_and(&wanted)
            || matches!(v, "-X" | "--request" | "--method" | "--http-method")
                && args.get(i + 1).is_some_and(|m| wanted(&m.value))
            || v.bytes().all(|b| b.is_ascii_uppercase()) && wanted(v)
    })
}

/// The last part of an address's path (`https://zenodo.org/api/deposit/
/// depositions/1/actions/publish` ─► `publish`), when it is a word and
/// not a file's name, on a server that is not this machine's loopback.
fn last_address_part(v: &str, far: bool) -> Option<&str> {
    let (_, rest) = v.split_once("://")?;
    last_address_part_of(rest, far)
}

/// Whether an address is a page of Solr's admin API, by a path that
/// no client folds into another (no `..`, no escapes).
fn solr_admin(v: &str) -> bool {
    let path = v.split(['?', '#']).next().unwrap_or(v);
    path.contains("/solr/admin/") && !path.contains("..") && !path.contains('%')
}

/// The `action` an address's query names (`…/admin/cores?action=STATUS`).
fn query_action(v: &str) -> Option<&str> {
    let (_, query) = v.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.split_once('=').filter(|(k, _)| *k == "action"))
        .map(|(_, value)| value)
}

/// Whether an admin page only shows (`/admin/stats`, `listmounts`,
/// `status.xsl`): a page with an extension is a script, whose actions are
/// in its query, not read here.
fn admin_looks(page: &str) -> bool {
    let page = page.to_ascii_lowercase();
    page.contains('.')
        || [
            "stat",
            "list",
            "get",
            "show",
            "view",
            "info",
            "health",
            "ping",
            "version",
            "metric",
            "login",
            "logout",
            "build",
            "search",
            "index",
            "dashboard",
            "status",
        ]
        .iter()
        .any(|l| page.starts_with(l))
}

/// [`last_address_part`] of an address without its scheme.
fn last_address_part_of(rest: &str, far: bool) -> Option<&str> {
    let path = rest.split(['?', '#']).next().unwrap_or(rest);
    let (host, path) = path.split_once('/')?;
    // A server on this machine is the project's own.
    if !remote_host(host, far) {
        return None;
    }
    path_action(path)
}

/// The action a path names: its last part when that is a word
/// (`…/clusters/permanent-delete`); when the last part only runs what
/// the part before it names (`…/workflows/deploy.yml/dispatches`,
/// `…/functions/purge-cache/invoke`), that part's name.
fn path_action(path: &str) -> Option<&str> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let mut parts = path.trim_end_matches('/').rsplit('/');
    let word = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphabetic() || matches!(b, b'-' | b'_'))
    };
    // An operation named with a `$` (FHIR's `…/Patient/$expunge`).
    let last = parts.next().map(|p| p.strip_prefix('$').unwrap_or(p))?;
    // A custom method after a colon (`…/cryptoKeyVersions/1:destroy`,
    // `…/items:batchDelete`, `…/custom-entities:archive`), as Google's
    // and many other APIs name one.
    if let Some((_, method)) = last.rsplit_once(':')
        && word(method)
    {
        return Some(method);
    }
    // A Redfish action (`…/Actions/ComputerSystem.Reset`,
    // `…/Actions/Oem/DellManager.ResetToDefaults`): the action's name.
    if let Some((_, action)) = last.rsplit_once('.')
        && path.contains("/Actions/")
    {
        return Some(action).filter(|a| word(a));
    }
    // An action's object named after it (`…/studies/1.2.840…/reject/
    // 113039%5EDCM`, Jamf's `…/command/EraseDevice/id/412`): the id, and
    // the key naming it, are passed over to the action.
    let last = if word(last) {
        last
    } else if last.bytes().any(|b| b.is_ascii_digit()) {
        let before = parts.next()?;
        let before = if matches!(before, "id" | "ids" | "name" | "udid" | "serialnumber") {
            parts.next()?
        } else {
            before
        };
        Some(before).filter(|p| word(p))?
    } else {
        return None;
    };
    if matches!(
        last,
        "dispatches" | "dispatch" | "trigger" | "triggers" | "invoke" | "invocations" | "run"
    ) {
        let named = parts.next()?;
        let named = named.split_once('.').map_or(named, |(stem, _)| stem);
        return word(named).then_some(named);
    }
    Some(last)
}

/// The fields a GraphQL mutation calls (`mutation($id: ID!) {
/// deleteProjectV2(input: …) { … } }` ─► `deleteProjectV2`), each named
/// for what it does to the server's data.
fn graphql_mutations(text: &str) -> impl Iterator<Item = &str> {
    // A request holds a mutation or a few; a hostile text of thousands of
    // unclosed `mutation {` would be read to its end from each: the
    // first few are read, each at most a few kilobytes on.
    const MUTATIONS: usize = 8;
    const BODY: usize = 4096;
    text.match_indices("mutation")
        .take(MUTATIONS)
        .flat_map(move |(at, m)| {
            let rest = &text[at..];
            // The keyword itself, not `mutations` or `mutation_id`.
            let keyword = !rest
                .as_bytes()
                .get(m.len())
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
            let rest = if keyword { rest } else { "" };
            // The operation's selection: what follows its first `{`, read at
            // its own level only (arguments and nested selections skipped).
            let body = rest.find('{').map_or("", |open| &rest[open + 1..]);
            let cut = (0..=body.len().min(BODY))
                .rev()
                .find(|&i| body.is_char_boundary(i))
                .unwrap_or(0);
            let body = &body[..cut];
            let (mut depth, mut parens, mut quoted) = (0usize, 0usize, false);
            let mut start = None;
            let mut out = Vec::new();
            for (i, b) in body.bytes().enumerate() {
                let name_byte = b.is_ascii_alphanumeric() || b == b'_';
                if let Some(s) = start
                    && !name_byte
                {
                    out.push(&body[s..i]);
                    start = None;
                }
                match b {
                    b'"' => quoted = !quoted,
                    _ if quoted => {}
                    b'(' => parens += 1,
                    b')' => parens = parens.saturating_sub(1),
                    b'{' if parens == 0 => depth += 1,
                    b'}' if parens == 0 => match depth.checked_sub(1) {
                        Some(d) => depth = d,
                        None => break,
                    },
                    _ if name_byte && start.is_none() && depth == 0 && parens == 0 => {
                        start = Some(i);
                    }
                    _ => {}
                }
            }
            out.into_iter()
        })
}

/// A forge's API called to change who may reach or act on a repository
/// (`gh api -X POST repos/o/r/hooks …`, or with fields, which make it a
/// POST: `gh api repos/o/r/hooks -f name=web`): a webhook, a key, a
/// collaborator, a secret, a rule, for everyone who uses it. Any `PUT`,
/// `PATCH` or `DELETE` changes what it names. An explicit `GET` reads;
/// other posts (a workflow dispatched, an issue opened) are the
/// reviewer's to judge. Asked after the path's own verb.
pub(super) fn forge_api_writes(c: &Cmd<'_>) -> bool {
    const ACCESS: &[&str] = &[
        "hooks",
        "keys",
        "collaborators",
        "secrets",
        "variables",
        "invitations",
        "protection",
        "environments",
        "rulesets",
        "transfer",
        "members",
        "memberships",
    ];
    if !matches!(c.name.as_str(), "gh" | "glab" | "hub")
        || c.operands().first().is_none_or(|w| w.value != "api")
    {
        return false;
    }
    let glued = c
        .values()
        .find_map(|v| v.strip_prefix("-X").filter(|m| !m.is_empty()));
    let method = c
        .option_values(&["-X", "--method"])
        .first()
        .copied()
        .or(glued);
    let posts = match method {
        Some(m)
            if ["PUT", "PATCH", "DELETE"]
                .iter()
                .any(|w| m.eq_ignore_ascii_case(w)) =>
        {
            return true;
        }
        Some(m) => m.eq_ignore_ascii_case("POST"),
        None => c.flag(&["-f", "-F", "--field", "--raw-field", "--input"]),
    };
    posts
        && c.operands()
            .iter()
            .skip(1)
            .any(|w| w.value.split(['/', '?']).any(|part| ACCESS.contains(&part)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::on;

    /// An address without its scheme has a host with a dot and, after a
    /// colon, a port; a header or a data item with a dot is none.
    #[test]
    fn bare_hosts() {
        for (word, host) in [
            ("api.example.com/grades/7", true),
            ("api.example.com:8443/x", true),
            ("api.example.com:https/x", false),
            ("X-Key:a.b", false),
            ("name=a.b", false),
            ("@body.json", false),
        ] {
            assert_eq!(bare_host(word), host, "{word}");
        }
    }

    /// Each way an HTTP client says it sends something, each alone; and
    /// requests that only fetch.
    #[test]
    fn requests_that_send() {
        for (line, sends) in [
            ("curl -XPOST https://x.example/a/publish", true),
            ("curl --request=PUT https://x.example/a/publish", true),
            ("curl -X POST https://x.example/a/publish", true),
            ("curl -X GET https://x.example/a/publish", false),
            // The method as curl passes it, in any case, after its option.
            ("curl -X delete https://x.example/a/publish", true),
            ("curl -d x=1 https://x.example/a/publish", true),
            ("curl --data-raw x https://x.example/a/publish", true),
            ("curl -T f.txt https://x.example/a/publish", true),
            ("http POST https://x.example/a/publish", true),
            ("http post https://x.example/a/publish", false),
            ("curl -u ADMIN https://x.example/a/publish", false),
            ("curl -X -v https://x.example/a/publish", false),
            ("curl -o out.json https://x.example/a/publish", false),
            ("wget -d https://x.example/a/publish", false),
        ] {
            assert_eq!(on(line, sends_a_request), sends, "{line}");
        }
    }

    /// A mutation's fields at its own level; a hostile text of many
    /// unclosed mutations is read only in part.
    #[test]
    fn fields_of_graphql_mutations() {
        let fields: Vec<&str> = graphql_mutations(
            "mutation($id: ID!) { a: deleteX(input: {id: $id}) { ok } addY { ok } }",
        )
        .collect();
        assert_eq!(fields, ["a", "deleteX", "addY"]);
        assert_eq!(
            graphql_mutations("query { mutations { deleteX } }").count(),
            0
        );
        let hostile = "mutation { x(".repeat(100_000);
        assert!(graphql_mutations(&hostile).count() <= 8 * 300);
    }

    /// A host read the same way for every reader of addresses.
    #[test]
    fn hosts_of_addresses() {
        for (rest, host) in [
            ("paste.example/x", "paste.example"),
            ("u:pw@paste.example:443/x?y", "paste.example"),
            ("[::1]:8080/x", "[::1]"),
            ("[::1]", "[::1]"),
            ("h.example#frag", "h.example"),
        ] {
            assert_eq!(super::super::cmd::host_of(rest), host, "{rest}");
        }
        for (v, bare) in [
            ("api.example.com/grades/7", true),
            ("api.example.com:8443/grades/7", true),
            ("localhost:8000/x", false),
            ("name=a.b", false),
            ("X-Key:a.b", false),
            ("@body.json", false),
            (":8080/x", false),
        ] {
            assert_eq!(bare_host(v), bare, "{v}");
        }
    }

    /// The last part of an address is a word only on a server elsewhere.
    #[test]
    fn orthanc_sending_studies_on() {
        for v in [
            "http://orthanc-router:8042/modalities/TELERAD_NH/store",
            "http://localhost:8042/peers/CLOUD-VNA/store-straight",
            "orthanc:8042/modalities/PACS/move?x=1",
        ] {
            assert!(orthanc_sends(v), "{v}");
        }
        for v in [
            "http://localhost:8042/modalities/PACS/echo",
            "http://localhost:8042/modalities/PACS",
            "http://localhost:8042/instances/abc/store",
            "http://localhost:8042/store",
        ] {
            assert!(!orthanc_sends(v), "{v}");
        }
    }

    #[test]
    fn last_parts_of_addresses() {
        assert_eq!(
            last_address_part("https://z.example/api/x/actions/publish", false),
            Some("publish")
        );
        assert_eq!(
            last_address_part("https://127.0.0.1:8080/actions/publish", false),
            None
        );
        assert_eq!(
            last_address_part("https://u@localhost/actions/publish", false),
            None
        );
        assert_eq!(last_address_part("https://z.example", false), None);
        assert_eq!(last_address_part("https://z.example/", false), None);
        assert_eq!(
            last_address_part("https://z.example/a/file.txt", false),
            None
        );
        assert_eq!(last_address_part("z.example/actions/publish", false), None);
        assert_eq!(
            last_address_part(
                "https://arc.example/rs/studies/1.2.840.1/reject/113039%5EDCM",
                false
            ),
            Some("reject")
        );
        assert_eq!(
            last_address_part(
                "https://x.jamfcloud.com/JSSResource/command/EraseDevice/id/412",
                false
            ),
            Some("EraseDevice")
        );
        assert_eq!(
            last_address_part("https://z.example/users/42", false),
            Some("users")
        );
        assert_eq!(last_address_part("https://z.example/42", false), None);
        assert_eq!(
            last_address_part("https://z.example/a/b.c-1/x.tar", false),
            None
        );
    }
}
