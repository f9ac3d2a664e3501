//! Secret files of desktops, message brokers, serverless tools and
//! observability agents, by where each keeps them: read as a secret by any
//! program that is handed one.

/// Fragments of these paths, for the secret screen: a path without one is
/// none of them.
pub(super) const HINTS: &[&str] = &[
    "htpasswd",
    "SSFS_",
    "ssfs_",
    "rsecssfs",
    "SecStore.",
    "secstore.",
    ".pse",
    "cred_v2",
    "users.digest",
    ".bosh/",
    "usr/sap/",
    ".hdb/",
    "jaas",
    "nslcd",
    "sssd",
    "oauth2",
    ".fogsettings",
    "openrc",
    "overcloudrc",
    "stackrc",
    "pg_service",
    "qgis-auth",
    "softhsm",
    ".kafka/",
    "earthengine",
    "grafana",
    "geoserver",
    "clouds.yaml",
    "openstack",
    "guacamole",
    "bloom",
    ".ngc",
    "asterisk",
    "freeswitch",
    "event_socket",
    "kamctlrc",
    "freeradius",
    "raddb",
    "Crypto.ini",
    "crypto.ini",
    "Crypto.json",
    "crypto.json",
    "buildAgent",
    "buildagent",
    "opensips-cli",
    "freepbx.conf",
    "amportal.conf",
    "cookie_secret",
    "moodle",
    "config.vdf",
    "ssfn",
    "user-settings.mkfg",
    ".k5.",
    "krb5kdc",
    "pterodactyl",
    ".irodsA",
    "slapd-",
    "config.local",
    ".rcon-cli",
    ".acme.sh",
    "postfix/",
    "kwallet",
    ".kwl",
    ".dev.vars",
    "serverlessrc",
    "erlang.cookie",
    ".nkeys",
    ".creds",
    "butler_creds",
    "datadog-agent",
    "nix.conf",
    "ssh_host_",
    "dslocal",
    "kcpassword",
    ".sec",
    ".binarycookies",
    "cachix",
    ".aws/sso",
    ".aws/cli",
    ".private",
    "rndc.key",
    "psa.shadow",
    "accesshash",
    "fastly",
    "edgerc",
    "lftp",
    "wp-config.php",
    "settings.php",
    "settings.local.php",
    "configuration.php",
    "env.php",
    "dovecot",
    "b2_account_info",
    "tailscale",
    ".cloudflared",
    "keepalived",
    "secrets",
    "credentials.json",
    "spaceship",
    "code-push",
    ".env",
    "adbkey",
    "cypress.env",
    "loadimpact",
    "_cred.json",
    ".node-red",
    "zigbee2mqtt",
    "mager.conf",
    ".octoprint",
    "appstate.json",
    ".auth",
    ".storage",
    ".secret",
    "velociraptor",
    "server.config.yaml",
    "okta.yaml",
    ".okta/",
    "wallet",
    "users.properties",
    "tomcat-users",
    "boot.properties",
    "SerializedSystemIni",
    "serializedsystemini",
    "orapw",
    "credentials.xml",
    ".sth",
    "WebLogicConfig",
    "WebLogicKey",
    "weblogicconfig",
    "weblogickey",
    ".sfdx",
    "twilio-cli",
    "hubspot.config",
    "contentfulrc",
    "sanity/",
    "algolia/",
    "shopify-cli",
    "zapierrc",
    "auth0",
    "Credentials",
    "Protect",
    "Vault",
    "filezilla",
    "FileZilla",
    "balena",
    "duply",
    "borg",
    "keyring",
    "keyfile",
    "particle",
    "hammer",
    "conf.php",
    "config.inc.php",
    "LocalSettings.php",
    "localsettings.php",
    "nextcloud",
    "owncloud",
    "site_config.json",
    "trytond",
    "obs-",
    ".priv",
    "p4tickets",
    "realm.properties",
    "GitHub CLI",
    "github cli",
    "planemo",
    "synapseConfig",
    "synapseconfig",
    "snmpd.conf",
    "cloudflare.ini",
    "dnanexus_config",
    ".basespace",
    "secure+",
    "config.production.json",
    "SYS1.RACF",
    "sys1.racf",
];

/// Whether the resolved path (its last part `name`, the folders above it
/// `dirs`) is one of these stores.
pub(super) fn holds_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    // KDE's wallet: every saved password of the desktop (`kdewallet.kwl`,
    // with its salt beside it).
    name.ends_with(".kwl")
        || dirs.contains(&"kwalletd")
        // Wrangler's local secrets (`.dev.vars`, `.dev.vars.staging`), the
        // Worker's `.env`; the Serverless Framework's access keys.
        || name == ".dev.vars"
        || name.starts_with(".dev.vars.") && !name.ends_with(".example")
        || name == ".serverlessrc"
        // AWS's single sign-on and assumed-role caches: live access tokens
        // and session keys (`~/.aws/sso/cache/*.json`).
        || dirs.ends_with(&[".aws", "sso", "cache"])
        || dirs.ends_with(&[".aws", "cli", "cache"])
        // The Erlang cluster's cookie: whoever holds it runs code on every
        // node of a RabbitMQ or Elixir cluster.
        || name == ".erlang.cookie"
        // NATS's user credentials and key seeds (`deployer.creds`,
        // `~/.nkeys/…/*.nk`).
        || name.ends_with(".creds")
        || dirs.contains(&".nkeys")
        // The Datadog agent's settings, with the account's API key.
        || parent == "datadog-agent" && matches!(name, "datadog.yaml" | "datadog.yml")
        // Nix's settings, which hold its fetchers' `access-tokens`, and the
        // netrc its binary caches log in with, by any name (`/etc/nix/netrc`).
        || parent == "nix" && name == "nix.conf"
        || name == "netrc"
        // SAP's secure stores: the ABAP system's (`rsecssfs/data/SSFS_PRD.DAT`
        // and its key) and HANA's user store (`~/.hdb/HOST/SSFS_HDB.DAT`),
        // the database logins of the system and of its scripts.
        || name.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("SSFS_"))
        || dirs.contains(&"rsecssfs")
        || dirs.contains(&".hdb")
        // The Java stack's secure store and the instance's PSEs (its TLS
        // and SNC private keys) with their credentials file (`SecStore.key`,
        // `/usr/sap/PRD/D00/sec/SAPSSLS.pse`, `cred_v2`).
        || name.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("SecStore."))
        || name.ends_with(".pse")
        || name == "cred_v2"
        || (name == "sec" || dirs.contains(&"sec")) && dirs.starts_with(&["usr", "sap"])
        // Cobbler's web users' password digests; the BOSH CLI's login
        // (its UAA tokens and the directors' certificates).
        || name == "users.digest"
        || parent == ".bosh" && name == "config"
        // OpenStack's login files, sourced into a shell (`overcloudrc`,
        // `stackrc`, `admin-openrc.sh`), with the cloud's admin password.
        || matches!(name, "overcloudrc" | "stackrc" | "openrc.sh")
        || [
            "-openrc", "_openrc", "-openrc.sh", "_openrc.sh",
        ]
        .iter()
        .any(|e| name.ends_with(e))
        || machine_secret(name, dirs)
        || web_host_secret(name, dirs)
        || network_or_release_secret(name, dirs)
        || device_or_test_secret(name, dirs)
        || responder_secret(name, dirs)
        || middleware_or_saas_secret(name, dirs)
        || storage_or_windows_secret(name, dirs)
        || lab_game_or_directory_secret(name, dirs)
        || telephony_or_cloud_secret(name, dirs)
        || map_or_payment_secret(name, dirs)
}

/// The logins of map and payment tools: a password file by its usual
/// name with no dot (Verdaccio's and nginx's `htpasswd`), PostgreSQL's
/// service file (it may hold the password), QGIS's authentication
/// database, Earth Engine's refresh token, SoftHSM's token store (every
/// key the HSM holds) and a Kafka client's settings in `~/.kafka` (its
/// SASL login).
fn map_or_payment_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    matches!(
        name,
        "htpasswd" | ".pg_service.conf" | "pg_service.conf" | "qgis-auth.db"
    ) || parent == "earthengine" && name == "credentials"
        || dirs.contains(&"softhsm") && (parent == "tokens" || dirs.contains(&"tokens"))
        || parent == "softhsm" && name == "tokens"
        || parent == ".kafka" && name.ends_with(".properties")
        // Grafana's database (API keys, service-account tokens, the data
        // sources' passwords) and its settings (the admin password and the
        // key that encrypts them); GeoServer's security folder (users,
        // passwords, the keystore).
        || parent == "grafana" && matches!(name, "grafana.db" | "grafana.ini")
        || dirs.contains(&"geoserver") && (name == "security" || dirs.contains(&"security"))
}

/// The logins of a phone system and of the clouds and teaching servers
/// beside it: OpenStack's `clouds.yaml` (anywhere: the command line reads
/// one in the folder it runs in) and `secure.yaml`, Asterisk's AMI, SIP,
/// IAX and database settings and voicemail PINs, FreeSWITCH's default
/// password and event socket's, Kamailio's and OpenSIPS's database logins
/// (`kamctlrc`, `opensips-cli.cfg`), FreePBX's (`/etc/freepbx.conf`),
/// JupyterHub's cookie secret, Moodle's `config.php`, Guacamole's user
/// map, bloom's and NVIDIA NGC's tokens.
fn telephony_or_cloud_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    matches!(name, "clouds.yaml" | "clouds.yml")
        || parent == "openstack" && matches!(name, "secure.yaml" | "secure.yml")
        || parent == "asterisk"
            && (name.starts_with("pjsip") || name.starts_with("sip") || name.contains("auth"))
            && name.ends_with(".conf")
        || parent == "asterisk"
            && matches!(
                name,
                "manager.conf"
                    | "sip.conf"
                    | "pjsip.conf"
                    | "pjsip_wizard.conf"
                    | "iax.conf"
                    | "voicemail.conf"
                    | "res_odbc.conf"
                    | "cdr_mysql.conf"
                    | "ari.conf"
            )
        || parent == "freeswitch" && name == "vars.xml"
        // FreeSWITCH's directory: each user's SIP password, read whole
        // or a file at a time (`/etc/freeswitch/directory/default`).
        || dirs.ends_with(&["freeswitch", "directory"])
        || dirs.windows(2).any(|d| d == ["freeswitch", "directory"]) && name.ends_with(".xml")
        || name == "event_socket.conf.xml"
        || name == "kamctlrc"
        // FreeRADIUS's clients (each NAS's shared secret) and its SQL and
        // LDAP modules' logins (`raddb/mods-available/sql`).
        || (dirs.contains(&"raddb") || dirs.iter().any(|d| d.starts_with("freeradius")))
            && (name == "clients.conf"
                || matches!(parent, "mods-available" | "mods-enabled")
                    && matches!(name, "sql" | "ldap")
                // Its users file: each user's password, often in clear
                // (`mods-config/files/authorize`, `raddb/users`).
                || parent == "files" && name == "authorize"
                // (Where case folds, `users` is read as macOS's `Users`.)
                || name.eq_ignore_ascii_case("users"))
        || parent == "opensips" && name == "opensips-cli.cfg"
        || matches!(name, "freepbx.conf" | "amportal.conf")
        || name == "jupyterhub_cookie_secret"
        || parent == "moodle" && name == "config.php"
        // Guacamole's users and the connections' passwords; bloom's saved
        // GitHub token; NVIDIA NGC's API key.
        || parent == "guacamole" && name == "user-mapping.xml"
        || parent == ".config" && name == "bloom"
        || parent == ".ngc" && name == "config"
}

/// The keys of a lab's data tools, a game host's and a directory
/// server's: Steam's saved login (`config/config.vdf`, the `ssfn*`
/// sentry files), a dbGaP repository key (`prj_*.ngc`) and the download
/// tickets sra-tools keeps (`~/.ncbi/user-settings.mkfg`), Globus's
/// folder as a whole (its files are known by name) and iRODS's saved
/// login (`~/.irods/.irodsA`), the Wings
/// daemon's node token (`/etc/pterodactyl/config.yml`), a Kerberos KDC's
/// master key stash (`.k5.REALM`, `krb5kdc/stash`) and its principal
/// database, a 389 Directory Server's PIN and password files, and
/// GeoServer's master password.
fn lab_game_or_directory_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    let steam = dirs.iter().any(|d| d.eq_ignore_ascii_case("steam"));
    steam && (parent == "config" && name == "config.vdf" || name.starts_with("ssfn"))
        // An Unreal project's pak encryption and signing keys, and the
        // copy a cook writes beside its output (`Metadata/Crypto.json`).
        || name.eq_ignore_ascii_case("DefaultCrypto.ini")
        || parent.eq_ignore_ascii_case("Metadata") && name.eq_ignore_ascii_case("Crypto.json")
        // A TeamCity build agent's token (`conf/buildAgent.properties`).
        || name.eq_ignore_ascii_case("buildAgent.properties")
        // GeoServer's master password, as it writes it out, and the
        // keystore it unlocks (`security/masterpw.info`, `geoserver.jceks`).
        || parent == "security" && (name.starts_with("masterpw") || name == "geoserver.jceks")
        || name.ends_with(".ngc")
        || parent == ".ncbi" && name == "user-settings.mkfg"
        || name == ".globus"
        || name == ".irodsA"
        || parent == "pterodactyl" && matches!(name, "config.yml" | "config.yaml")
        || parent == "etc" && name == "pterodactyl"
        || name.starts_with(".k5.")
        || parent == "krb5kdc"
            && matches!(name, "stash" | ".k5stash" | "principal" | "principal.ok")
        || parent.starts_with("slapd-") && matches!(name, "pin.txt" | "pwdfile.txt")
        // DVC's local config, where a remote's credentials are kept out
        // of git (`.dvc/config.local`); rcon-cli's saved server password;
        // acme.sh's home as a whole, with its account keys and DNS API
        // tokens (its files are known by name).
        || parent == ".dvc" && name == "config.local"
        || matches!(name, ".rcon-cli.yaml" | ".rcon-cli.yml" | ".rcon-cli.env")
        || name == ".acme.sh"
}

/// The keys of backup and storage tools and of Windows's own stores, by
/// where each keeps them: Windows's Credential Manager, its vaults and
/// the DPAPI master keys that decrypt both (`AppData/…/Microsoft/
/// Credentials`, `Protect`, `Vault`), FileZilla's saved sites, the
/// balena and Particle command lines' tokens, duply's profiles (the
/// backup's and its encryption key's passwords), borg's key files, Ceph's
/// keyrings, a disk's key file (`luks.keyfile`).
fn storage_or_windows_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    let under = |d: &str| dirs.iter().any(|x| x.eq_ignore_ascii_case(d));
    let at = |folder: &str, names: &[&str]| {
        parent.eq_ignore_ascii_case(folder) && names.iter().any(|n| name.eq_ignore_ascii_case(n))
    };
    ["Credentials", "Protect", "Vault"].iter().any(|d| {
        at("Microsoft", &[d])
            || dirs
                .windows(2)
                .any(|w| w[0].eq_ignore_ascii_case("Microsoft") && w[1].eq_ignore_ascii_case(d))
    }) || at(
        "FileZilla",
        &["sitemanager.xml", "recentservers.xml", "filezilla.xml"],
    ) || name == ".balena"
        || dirs.contains(&".balena")
        || name == ".duply"
        || under(".duply")
        || dirs.ends_with(&["borg", "keys"])
        || name.ends_with(".keyring")
        || name == "keyring" && under("ceph")
        || name == "keyfile"
        || name.ends_with(".keyfile")
        || parent == ".particle" && name.ends_with(".json")
}

/// A machine's own secrets and the logins kept beside them: its SSH host
/// keys (`/etc/ssh/ssh_host_ed25519_key`), macOS's local users' password
/// hashes (`/var/db/dslocal/nodes/Default/users/*.plist`) and auto-login
/// password (`/etc/kcpassword`), a signing key kept as `*.sec` (Nix's
/// binary caches, signify), Cachix's token, the cookies of Safari and
/// other macOS apps (`Cookies.binarycookies`).
fn machine_secret(name: &str, dirs: &[&str]) -> bool {
    name.starts_with("ssh_host_") && name.ends_with("_key")
        || dirs.contains(&"dslocal")
        || name == "kcpassword"
        || name.ends_with(".sec")
        || name.ends_with(".binarycookies")
        || dirs.last() == Some(&"cachix") && name.ends_with(".dhall")
}

/// Whether a variable's name is a connection URL's that carries its
/// login (`DATABASE_URL`, `CLOUDINARY_URL=cloudinary://key:secret@cloud`,
/// `MONGODB_URI`).
pub(super) fn login_url(name: &str) -> bool {
    const SERVICES: &[&str] = &[
        "DATABASE",
        "DB",
        "POSTGRES",
        "MYSQL",
        "MONGO",
        "MONGODB",
        "REDIS",
        "AMQP",
        "RABBITMQ",
        "CLOUDINARY",
    ];
    name.strip_suffix("_URL")
        .or_else(|| name.strip_suffix("_URI"))
        .is_some_and(|head| {
            SERVICES.iter().any(|s| {
                head.strip_suffix(s)
                    .is_some_and(|before| before.is_empty() || before.ends_with('_'))
            })
        })
}

/// The secrets of a web host and its sites: DNS keys, control panels'
/// passwords, CDN and storage credentials, and the settings file of each
/// content system, which holds its database password and salts.
fn web_host_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    // DNSSEC's private keys (`Kexample.com.+013+24816.private`) and the
    // key BIND's control channel and zone transfers are signed with.
    name.ends_with(".private")
        || name == "rndc.key"
        // Plesk's administrator password; WHM's API access hash.
        || name == ".psa.shadow"
        || name == ".accesshash"
        // Fastly's and Akamai's API credentials, Backblaze B2's account
        // key, lftp's bookmarks (passwords in the URLs it saves).
        || parent == "fastly" && name == "config.toml"
        || name == ".edgerc"
        || name == ".b2_account_info"
        || parent == "lftp" && name == "bookmarks"
        // JAAS login files, a password in each entry
        // (`kafka_server_jaas.conf`, `zookeeper_jaas.conf`).
        || name.contains("jaas") && name.ends_with(".conf")
        // LDAP clients' bind passwords (nslcd's `bindpw`, sssd's
        // `ldap_default_authtok`).
        || matches!(name, "nslcd.conf" | "sssd.conf")
        // GAM's OAuth tokens and service account key for a whole Google
        // Workspace (`~/.gam/oauth2.txt`, `GAMConfig/oauth2service.json`).
        || matches!(name, "oauth2.txt" | "oauth2service.json")
        // FOG's installer settings: its database and storage passwords.
        || name == ".fogsettings"
        // Dovecot's password files (`/etc/dovecot/users`).
        || parent == "dovecot" && (name.eq_ignore_ascii_case("users") || name.contains("passwd"))
        // Its SQL and LDAP lookups' logins (`dovecot-sql.conf.ext`), and
        // Postfix's table maps that log in to a database or directory
        // (`/etc/postfix/mysql-virtual-domains.cf`, `sql/pgsql-x.cf`).
        || matches!(name, "dovecot-sql.conf.ext" | "dovecot-ldap.conf.ext" | "dovecot-dict-sql.conf.ext")
        || dirs.contains(&"postfix")
            && name.ends_with(".cf")
            && ["mysql", "pgsql", "ldap"].iter().any(|db| name.starts_with(db))
        // WordPress, Joomla, Drupal (`sites/default/settings.php`) and
        // Magento (`app/etc/env.php`).
        || name == "wp-config.php"
        || name == "configuration.php"
        || dirs.contains(&"sites") && matches!(name, "settings.php" | "settings.local.php")
        || dirs.ends_with(&["app", "etc"]) && name == "env.php"
}

/// The keys of a network's tunnels and daemons, and of an app's release:
/// Tailscale's node state (its machine and node keys), a Cloudflare
/// tunnel's credentials (`~/.cloudflared/<tunnel-id>.json`), keepalived's
/// VRRP password, IPsec's and PPP's shared secrets; a service account's
/// key under any name (`play-store-credentials.json`), fastlane's Apple ID
/// session (`~/.fastlane/spaceship/<id>/cookie`), CodePush's access key,
/// adb's private key, and a named `.env` file (`electron-builder.env`,
/// `prod.env`) but not its example.
fn network_or_release_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    parent == "tailscale" && name == "tailscaled.state"
        || parent == ".cloudflared" && name.ends_with(".json")
        || name == "keepalived.conf" && dirs.contains(&"etc")
        || name == "ipsec.secrets"
        || matches!(name, "chap-secrets" | "pap-secrets")
        || name.ends_with("-credentials.json")
        || name.ends_with("_credentials.json")
        || dirs.contains(&"spaceship") && name == "cookie"
        || name == ".code-push.config"
        || name == "adbkey"
        // (`.env` itself is everyone's secret.)
        || name.strip_suffix(".env").is_some_and(|stem| {
            !["example", "sample", "template", "dist", "defaults"]
                .iter()
                .any(|e| stem.ends_with(e))
        })
}

/// The keys of a home's devices and of a test suite's accounts: Home
/// Assistant's refresh tokens (`.storage/auth`), Node-RED's credentials
/// and the key that opens them, zigbee2mqtt's network key and broker
/// password, OctoPrint's API key and users, Moonraker's and any other
/// `*.secrets` file, PlatformIO's account session, Raspberry Pi Imager's
/// saved Wi-Fi password; Cypress's environment file, k6's cloud token, a
/// browser session Playwright saved (`playwright/.auth/admin.json`).
fn device_or_test_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    parent == ".storage" && name.starts_with("auth")
        || name.ends_with("_cred.json")
        || dirs.contains(&".node-red") && name == ".config.runtime.json"
        || dirs.contains(&"zigbee2mqtt") && name == "configuration.yaml"
        || parent == ".octoprint" && matches!(name, "config.yaml" | "users.yaml")
        || name.ends_with(".secrets")
        || parent == ".platformio" && name == "appstate.json"
        || parent.eq_ignore_ascii_case("raspberry pi") && name.eq_ignore_ascii_case("imager.conf")
        || name == "cypress.env.json"
        || dirs.ends_with(&["loadimpact", "k6"]) && name == "config.json"
        || parent == ".auth" && name.ends_with(".json")
}

/// The keys of an incident responder's tools: a secret kept under its
/// own name (osquery's `enroll.secret`, `client.secret`), Velociraptor's
/// server and API settings (its CA's private key, an API client's key),
/// the Okta CLI's API token (`~/.okta/okta.yaml`).
fn responder_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    name.ends_with(".secret")
        || name == "server.config.yaml"
        || dirs.contains(&"velociraptor") && name.ends_with(".config.yaml")
        || parent == ".okta" && name == "okta.yaml"
}

/// The keys of middleware and of SaaS command lines: an Oracle wallet
/// (`cwallet.sso`, `ewallet.p12`) and password file (`orapwORCL`),
/// WildFly's and Tomcat's user files, WebLogic's boot identity, the key
/// that decrypts its domain (`SerializedSystemIni.dat`) and WLST's stored
/// credentials, Jenkins' credentials and the keys that open them, IBM MQ's
/// key stash (`key.sth`); the Salesforce CLI's org logins (`~/.sfdx`),
/// Twilio's, HubSpot's, Contentful's, Sanity's, Algolia's, Shopify's,
/// Zapier's and Auth0's saved tokens.
fn middleware_or_saas_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    matches!(name, "cwallet.sso" | "ewallet.p12" | "ewallet.p12.lck")
        || name.starts_with("orapw")
        || matches!(
            name,
            "mgmt-users.properties" | "application-users.properties"
        )
        || name == "tomcat-users.xml"
        || name == "boot.properties" && parent == "security"
        || name.eq_ignore_ascii_case("SerializedSystemIni.dat")
        // (In any case: where the file system folds case, so is the path.)
        || ["-weblogicconfig.properties", "-weblogickey.properties"]
            .iter()
            .any(|s| crate::util::ascii_suffix(name, s))
        || name == "credentials.xml" && dirs.iter().any(|d| d.contains("jenkins"))
        || dirs.iter().any(|d| d.contains("jenkins"))
            && (parent == "secrets" || matches!(name, "master.key" | "secret.key"))
        || name.ends_with(".sth")
        || dirs.contains(&".sfdx") && name.ends_with(".json") && name.contains('@')
        || parent == ".twilio-cli" && name == "config.json"
        || name.starts_with("hubspot.config.")
            && (name.ends_with(".yml") || name.ends_with(".yaml"))
        || name == ".contentfulrc.json"
        || parent == "sanity" && name == "config.json"
        || parent == "algolia" && name == "config.toml"
        || parent.starts_with("shopify-cli") && name == "config.json"
        || name == ".zapierrc"
        || parent == "auth0" && name == "config.json"
        || erp_or_web_app_secret(name, dirs)
}

/// The logins of business, media and web applications: Foreman's hammer CLI
/// (`~/.hammer/cli.modules.d/foreman.yml`, `/etc/hammer/…`), a Frappe or
/// ERPNext site's `site_config.json` (its database password and
/// encryption key), and the PHP applications' settings with their
/// database password: Dolibarr's `conf/conf.php`, phpMyAdmin's and
/// Roundcube's `config.inc.php`, MediaWiki's `LocalSettings.php`,
/// Nextcloud's and ownCloud's `config/config.php`.
fn erp_or_web_app_secret(name: &str, dirs: &[&str]) -> bool {
    let parent = dirs.last().copied().unwrap_or("");
    // Tryton's settings (its database URI, with the password), the OBS
    // remote's websocket password, a CFEngine host's private key
    // (`ppkeys/localhost.priv`), Perforce's login tickets, a Jetty realm's
    // users and passwords (Rundeck's `realm.properties`), itch.io's butler
    // key.
    if matches!(
        name,
        "trytond.conf"
            | "obs-cmd.toml"
            | ".p4tickets"
            | "p4tickets.txt"
            | "realm.properties"
            | "butler_creds"
    ) || name.ends_with(".priv")
        || dirs.contains(&"obs-websocket") && name == "config.json"
    {
        return true;
    }
    // Research platforms' tokens: Galaxy's and the ToolShed's API keys in
    // planemo's settings, Synapse's, DNAnexus's and BaseSpace's logins; an
    // SNMP agent's communities and v3 passphrases; certbot's Cloudflare
    // token file.
    if matches!(
        name,
        ".planemo.yml"
            | ".synapseConfig"
            | ".synapseconfig"
            | "snmpd.conf"
            | "cloudflare.ini"
            | ".cloudflare.ini"
    ) || parent == ".dnanexus_config" && name == "environment.json"
        || parent == ".basespace" && name.ends_with(".cfg")
    {
        return true;
    }
    // Connect:Direct's Secure+ store (its keys, certificates and
    // partners' passphrases, `/opt/cdunix/ndm/secure+/…`); Ghost's
    // settings with its database and mail passwords
    // (`/var/www/ghost/config.production.json`); the RACF database, every
    // z/OS user's password and key, by its system name (`SYS1.RACFDS`,
    // `SYS1.RACF.PRIMARY`, as a data set's name).
    if name == "secure+"
        || dirs.contains(&"secure+")
        || name == "config.production.json"
        || name
            .get(..9)
            .is_some_and(|p| p.eq_ignore_ascii_case("sys1.racf"))
    {
        return true;
    }
    (dirs.contains(&".hammer") || dirs.contains(&"hammer"))
        && (name.ends_with(".yml") || name.ends_with(".yaml"))
        || name == "site_config.json" && dirs.iter().rev().nth(1) == Some(&"sites")
        || name == "conf.php" && parent == "conf"
        || matches!(name, "config.inc.php" | "LocalSettings.php")
        || name == "config.php"
            && parent == "config"
            && dirs.iter().any(|d| matches!(*d, "nextcloud" | "owncloud"))
}
