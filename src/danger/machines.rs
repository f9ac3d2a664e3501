//! Machines told what to do by the tools that manage them: a server's
//! management controller (BMC) and its firmware, a cluster manager, a
//! fleet's configuration manager or job scheduler, an SAP system's or
//! another ERP system's control programs, a plant's devices on a field
//! bus. What
//! such a tool is told changes a machine other people and processes rely
//! on, whatever the tool's own name: only its looks are clear.

use super::cmd::{Cmd, Does};

/// What a machine's management tool is told to do, when it is one of
/// them and the words say a change (`racadm serveraction powercycle`,
/// `crm resource stop db`, `sapcontrol -nr 00 -function Stop`, `bacwp
/// 2601 analog-value 7 …`). Its looks (`racadm getsysinfo`, `pcs
/// status`, `-function GetProcessList`, `bacrp …`) are `None`.
pub(super) fn manages(c: &Cmd<'_>) -> Option<Option<Does>> {
    // (`Some(None)`: the tool is known and only looks; `None`: the words
    // are left to the verbs every tool is read by.)
    let decided = match c.name.as_str() {
        "racadm" | "ilorest" | "redfishtool" | "ipmitool" | "ipmipower" | "ipmi-sel"
        | "ipmi-chassis" | "bmc-device" | "ipmi-raw" | "ipmi-config" | "mlxconfig"
        | "rtpengine-ctl" => controller(c),
        "storcli" | "storcli64" | "perccli" | "perccli64" | "ssacli" | "hpssacli" | "hpacucli"
        | "arcconf" | "megacli" | "megacli64" => raid(c),
        "dsu" => (!c.flag(&[
            "--preview",
            "-p",
            "--inventory",
            "-i",
            "--help",
            "-h",
            "--version",
            "-v",
            "--get-categories",
            "--compliance",
        ]))
        .then_some(Does::Deploys),
        "turnadmin" => turn_users(c),
        // Node-RED's nodes added to or taken from the running flows'
        // editor (`node-red-admin install node-red-contrib-s7`).
        "node-red-admin" => c
            .operands()
            .first()
            .is_some_and(|w| {
                matches!(
                    w.value.as_str(),
                    "install" | "remove" | "enable" | "disable"
                )
            })
            .then_some(Does::Deploys),
        "cobbler" => cobbler(c),
        // A cluster's configuration changed in a file (`pcs -f cib.xml
        // resource disable x`, pushed live only by `cib-push`), or a
        // change only simulated: the cluster is not touched. (`-f` is no
        // file for what is not configuration: `pcs -f x cluster stop`.)
        "pcs" if c.flag(&["-f", "--simulate"]) && pcs_edits_configuration(c) => {
            return Some(None);
        }
        "pcs" | "crm" | "crm_resource" | "crm_shadow" => cluster(c),
        "openstack" => bare_metal(c),
        "salt" | "salt-ssh" | "salt-call" | "salt-run" | "salt-cloud" | "salt-key" | "salt-cp" => {
            return salt(c);
        }
        "rd" | "puppetserver" | "cf-agent" | "cf-runagent" | "bolt" | "mco" => fleet(c),
        // A build uploaded to, or labelled live on, Epic's store; a Unity
        // license seat given back or taken (`-returnlicense`, `-serial`).
        "buildpatchtool" => c
            .values()
            .any(|v| {
                let v = v.to_ascii_lowercase();
                ["uploadbinary", "labelbinary", "unlabelbinary"]
                    .iter()
                    .any(|m| v.ends_with(m))
            })
            .then_some(Does::Deploys),
        "unity" | "unity-editor" => c
            .flag(&["-returnlicense", "-serial"])
            .then_some(Does::Deploys),
        "adop" | "adstpall.sh" | "adstrtal.sh" | "adautocfg.sh" | "bench" => erp(c),
        "sapcontrol" | "saphostctrl" | "hdb" | "stopsap" | "startsap" | "hdbnsutil" | "tp"
        | "r3trans" | "brrestore" | "brrecover" | "brarchive" | "brspace" | "sapinst"
        | "saptune" => sap(c),
        _ => return field_bus(c),
    };
    decided.map(Some)
}

/// Whether pcs is told to change the cluster's configuration (its
/// resources, constraints, properties…), which `-f` writes to a file.
fn pcs_edits_configuration(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    !ops.iter()
        .any(|w| matches!(w.value.as_str(), "cluster" | "cib-push"))
        && ops.iter().take(3).any(|w| {
            matches!(
                w.value.as_str(),
                "resource" | "constraint" | "property" | "stonith" | "alert" | "tag" | "acl"
            )
        })
}

/// The words of a command that are not options, past the values of the
/// options in `valued` (`-r HOST -u USER`), wherever they stand.
fn plain_words<'a>(c: &Cmd<'a>, valued: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    let mut options = true;
    for w in c.args() {
        let v = w.value.as_str();
        if skip {
            skip = false;
        } else if v == "--" && options {
            // (What follows is operands, a negative value among them.)
            options = false;
        } else if options && v.starts_with('-') && v.len() > 1 {
            skip = valued.contains(&v);
        } else {
            out.push(v);
        }
    }
    out
}

/// Whether `word` only looks: a get, list, show, query or status.
fn looks(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    [
        "get", "list", "show", "query", "status", "info", "view", "read", "help", "print", "dump",
    ]
    .iter()
    .any(|l| w.starts_with(l))
        || matches!(
            w.as_str(),
            "serverinfo"
                | "select"
                | "types"
                | "sensor"
                | "sdr"
                | "fru"
                | "elist"
                | "login"
                | "logout"
                | "hwinventory"
                | "swinventory"
                | "examples"
                | "version"
                | "stat"
                | "rawget"
                | "save"
                | "results"
                | "pending"
                | "serverlogs"
        )
}

/// Whether `word` deletes or clears: the change is a loss.
fn loses(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.starts_with("clr")
        || [
            "delete",
            "clear",
            "erase",
            "remove",
            "resetcfg",
            "factorydefaults",
            "defaults",
        ]
        .iter()
        .any(|l| w.contains(l))
}

/// A server's management controller, or its network card's firmware
/// settings: every word not a look changes the server (`racadm set
/// iDRAC.Users.3.Password …`, `ilorest iloreset`, `redfishtool Systems
/// reset ForceOff`, `ipmitool user set password 3 …`, `ipmitool exec
/// cmds.txt`, `ipmipower --cycle`, `ipmi-sel --clear`, `mlxconfig -y set
/// SRIOV_EN=1`).
fn controller(c: &Cmd<'_>) -> Option<Does> {
    let name = c.name.as_str();
    if matches!(
        name,
        "ipmipower" | "ipmi-sel" | "ipmi-chassis" | "bmc-device" | "ipmi-config"
    ) {
        // FreeIPMI's tools act by their options: a power action, the
        // event log cleared, a reset or a setting committed.
        let acts = c.args().iter().any(|w| {
            let o = w.value.split('=').next().unwrap_or_default();
            matches!(
                o,
                "--on" | "--off" | "--cycle" | "--reset" | "--pulse" | "--soft" | "--on-if-off"
                    | "--clear" | "--delete" | "--delete-range" | "--chassis-control"
                    | "--set-boot-flags" | "--cold-reset" | "--warm-reset" | "--commit"
            ) || o.starts_with("--set-")
                // (ipmipower's short forms: on, off, cycle, reset, pulse, soft.)
                || name == "ipmipower" && matches!(o, "-n" | "-f" | "-c" | "-r" | "-j" | "-m")
        });
        return match (name, acts) {
            (_, false) => None,
            ("ipmi-sel", true) => Some(Does::Destroys),
            _ => Some(Does::Deploys),
        };
    }
    if name == "ipmi-raw" {
        return Some(Does::Deploys);
    }
    let valued: &[&str] = match name {
        "ipmitool" => &[
            "-I", "-H", "-U", "-P", "-p", "-L", "-k", "-y", "-f", "-C", "-N", "-R", "-T", "-t",
            "-b", "-m", "-B", "-o", "-O", "-e", "-l",
        ],
        "racadm" => &["-r", "-u", "-p"],
        "rtpengine-ctl" => &["-ip", "-port"],
        "ilorest" => &[
            "--url",
            "-u",
            "-p",
            "--user",
            "--password",
            "--sessionid",
            "--cert",
        ],
        "redfishtool" => &[
            "-r", "-u", "-p", "-I", "-T", "-P", "-S", "-A", "-W", "-M", "-H", "-t", "-B",
        ],
        _ => &["-d", "-f", "-b", "-p", "--dev", "--file", "--db"],
    };
    let words = plain_words(c, valued);
    // redfishtool names a service first (`Systems`, `Chassis`,
    // `Managers`, `AccountService`): its subcommand is the next word, and
    // none is a get.
    let verbs: &[&str] = if name == "redfishtool" {
        match words.first() {
            Some(&"raw") => {
                return words
                    .get(1)
                    .filter(|m| !m.eq_ignore_ascii_case("get"))
                    .map(|_| Does::Deploys);
            }
            Some(_) => words.get(1..).unwrap_or_default(),
            None => return None,
        }
    } else {
        &words
    };
    // ipmitool's noun first (`user set`, `chassis bootdev pxe`, `sel
    // clear`): every word up to the third is asked. (Its power actions
    // are the nouns' rules: `chassis power cycle`.)
    let head = &verbs[..verbs.len().min(if name == "ipmitool" { 3 } else { 1 })];
    if head.iter().any(|w| loses(w)) {
        return Some(Does::Destroys);
    }
    let changes = if name == "ipmitool" {
        head.iter().any(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "set"
                    | "bootdev"
                    | "reset"
                    | "raw"
                    | "exec"
                    | "enable"
                    | "disable"
                    | "priv"
                    | "activate"
                    | "deactivate"
            )
        })
    } else {
        head.first().is_some_and(|w| !looks(w))
    };
    changes.then_some(Does::Deploys)
}

/// A RAID controller's command line: a virtual drive or an array deleted
/// (`storcli64 /c0/v1 del force`, `ssacli ctrl slot=0 ld 2 delete
/// forced`, MegaCLI's `-CfgLdDel`), or the controller's settings,
/// drives and firmware changed (`set`, `add`, `start`, `download`).
/// What it shows is a look.
fn raid(c: &Cmd<'_>) -> Option<Does> {
    let words = || c.args().iter().map(|w| w.value.to_ascii_lowercase());
    if words().any(|w| {
        matches!(w.as_str(), "del" | "delete")
            || w.starts_with('-') && (w.contains("del") || w.contains("clr"))
    }) {
        return Some(Does::Destroys);
    }
    words()
        .any(|w| {
            matches!(
                w.as_str(),
                "set"
                    | "add"
                    | "start"
                    | "stop"
                    | "create"
                    | "modify"
                    | "download"
                    | "reset"
                    | "import"
                    | "secureerase"
                    | "erase"
                    | "flash"
                    | "rebuild"
                    | "expand"
                    | "migrate"
                    | "transform"
                    | "setconfig"
            ) || w.starts_with("-adpfw")
                || w.starts_with("-cfg")
        })
        .then_some(Does::Deploys)
}

/// coturn's user and secret database: users or secrets deleted (`-d`,
/// `-D`, `-X`, `-R`), added or changed (`-a`, `-A`, `-s`, `-O`, `-g`).
fn turn_users(c: &Cmd<'_>) -> Option<Does> {
    if c.flag(&[
        "-d",
        "-D",
        "-X",
        "-R",
        "--delete",
        "--delete-admin",
        "--delete-secret",
        "--del-origin",
    ]) {
        Some(Does::Destroys)
    } else {
        c.flag(&[
            "-a",
            "-A",
            "-s",
            "-O",
            "-g",
            "--add",
            "--add-admin",
            "--set-secret",
            "--add-origin",
            "--set-realm-option",
        ])
        .then_some(Does::Deploys)
    }
}

/// Cobbler's systems, profiles and distributions changed, removed or
/// powered (`cobbler system edit --name=x --netboot-enabled=true`,
/// `cobbler system remove`), or its services rewritten (`cobbler sync`,
/// `import`). Lists, reports and checks are looks.
fn cobbler(c: &Cmd<'_>) -> Option<Does> {
    let ops = c.operands();
    let said = |i: usize| ops.get(i).map(|w| w.value.as_str());
    let object = matches!(
        said(0),
        Some(
            "system"
                | "profile"
                | "distro"
                | "repo"
                | "image"
                | "mgmtclass"
                | "package"
                | "file"
                | "menu"
                | "setting"
                | "signature"
        )
    );
    let verb = if object { said(1) } else { said(0) }?;
    if matches!(verb, "remove" | "delete") {
        Some(Does::Destroys)
    } else {
        (!looks(verb)
            && !matches!(
                verb,
                "report" | "find" | "check" | "version" | "powerstatus"
            ))
        .then_some(Does::Deploys)
    }
}

/// OpenStack's bare-metal service told to act on a machine (`openstack
/// baremetal node clean n --clean-steps …`, `undeploy`, `power off`,
/// `maintenance set`, `rebuild`): the server's disks, power or owner
/// change. Its lists, shows, validations and histories are looks.
fn bare_metal(c: &Cmd<'_>) -> Option<Does> {
    let ops = c.operands();
    let said = |i: usize| ops.get(i).map(|w| w.value.as_str());
    if said(0) != Some("baremetal") {
        return None;
    }
    let verb = said(2)?;
    let looks = matches!(
        verb,
        "list" | "show" | "validate" | "history" | "inventory" | "get"
    ) || ops
        .iter()
        .skip(3)
        .take(2)
        .any(|w| matches!(w.value.as_str(), "list" | "show"));
    (!looks).then_some(Does::Deploys)
}

/// A cluster manager told to stop, move, ban or change what it runs
/// (`crm resource stop msl_SAPHana`, `pcs cluster stop --all`, `crm
/// node standby n2`, `crm_shadow --commit x`, `pcs cluster cib-push
/// f.xml`). Its status and shows are looks; `pcs -f FILE` works on a
/// file, and `--simulate` only shows what would change.
fn cluster(c: &Cmd<'_>) -> Option<Does> {
    if c.name == "crm_shadow" {
        return c.flag(&["--commit", "-C"]).then_some(Does::Deploys);
    }
    if c.name == "crm_resource" {
        return c
            .args()
            .iter()
            .any(|w| {
                let o = w.value.split('=').next().unwrap_or_default();
                matches!(
                    o,
                    "--set-parameter"
                        | "--delete-parameter"
                        | "--move"
                        | "--ban"
                        | "--clear"
                        | "--restart"
                        | "--cleanup"
                        | "--refresh"
                        | "--force-stop"
                        | "--force-start"
                        | "--delete"
                        | "-p"
                        | "-d"
                        | "-M"
                        | "-B"
                        | "-U"
                        | "-C"
                        | "-D"
                )
            })
            .then_some(Does::Deploys);
    }
    let words = plain_words(c, &["-f", "--wait", "--name"]);
    words.iter().take(3).find_map(|w| {
        let v = w.to_ascii_lowercase();
        if matches!(v.as_str(), "delete" | "remove" | "destroy" | "erase") {
            Some(Does::Destroys)
        } else {
            matches!(
                v.as_str(),
                "stop"
                    | "start"
                    | "restart"
                    | "disable"
                    | "enable"
                    | "move"
                    | "ban"
                    | "clear"
                    | "cleanup"
                    | "refresh"
                    | "standby"
                    | "unstandby"
                    | "online"
                    | "offline"
                    | "maintenance"
                    | "unmaintenance"
                    | "set"
                    | "unset"
                    | "update"
                    | "add"
                    | "create"
                    | "cib-push"
                    | "push"
                    | "kill"
                    | "reload"
                    | "setup"
                    | "edit"
                    | "load"
                    | "commit"
                    | "manage"
                    | "unmanage"
                    | "fence"
                    | "migrate"
                    | "unmigrate"
                    | "promote"
                    | "demote"
                    | "relocate"
            )
            .then_some(Does::Deploys)
        }
    })
}

/// An SAP system's control programs: an instance or a database stopped
/// or restarted (`sapcontrol -function StopSystem`, `saphostctrl
/// -function StopDatabase`, `HDB stop`, `stopsap r3`), system
/// replication taken over or broken (`hdbnsutil -sr_takeover`),
/// transports imported (`tp import …`, `R3trans -i`), database files
/// restored or archived logs deleted (`brrestore`, `brarchive -sd`), a
/// tablespace dropped (`brspace -f tsdrop`), a product uninstalled by
/// SWPM. Their gets, lists, checks and states are looks.
fn sap(c: &Cmd<'_>) -> Option<Does> {
    let ops = c.operands();
    let first = ops.first().map(|w| w.value.to_ascii_lowercase());
    let first = first.as_deref();
    match c.name.as_str() {
        "sapcontrol" | "saphostctrl" => {
            let function = c
                .option_values(&["-function"])
                .first()?
                .to_ascii_lowercase();
            let verb = ["j2ee", "abap", "icm", "ha"]
                .iter()
                .find_map(|p| function.strip_prefix(p))
                .unwrap_or(&function);
            let reads = [
                "get",
                "list",
                "check",
                "read",
                "is",
                "has",
                "parameter",
                "analy",
                "wait",
            ]
            .iter()
            .any(|l| verb.starts_with(l));
            (!reads).then_some(Does::Deploys)
        }
        "hdb" => first
            .is_some_and(|v| !matches!(v, "info" | "proc" | "version" | "help" | "-h"))
            .then_some(Does::Deploys),
        "stopsap" => Some(Does::Deploys),
        "startsap" => (first != Some("check")).then_some(Does::Deploys),
        "hdbnsutil" => c
            .args()
            .iter()
            .any(|w| {
                let v = w.value.to_ascii_lowercase();
                v.starts_with("-sr_") && !v.starts_with("-sr_state")
                    || matches!(v.as_str(), "-inittopology" | "-reconfig" | "-convert")
            })
            .then_some(Does::Deploys),
        "tp" => first
            .is_some_and(|v| {
                matches!(
                    v,
                    "import"
                        | "addtobuffer"
                        | "delfrombuffer"
                        | "cleanbuffer"
                        | "put"
                        | "setstopmark"
                        | "modbuffer"
                )
            })
            .then_some(Does::Deploys),
        // R3trans only tests its connection with `-d`, lists a data
        // file with `-l`.
        "r3trans" => (!c.args().is_empty() && !c.flag(&["-d", "-l"])).then_some(Does::Deploys),
        "brrestore" | "brrecover" => Some(Does::Destroys),
        // brarchive's `-sd`, `-ds`, `-cds`, `-dsd`: archived logs deleted.
        "brarchive" => c
            .args()
            .iter()
            .any(|w| {
                w.value.strip_prefix('-').is_some_and(|l| {
                    l.contains('d')
                        && l.len() <= 4
                        && l.bytes().all(|b| matches!(b, b's' | b'c' | b'd'))
                })
            })
            .then_some(Does::Destroys),
        "brspace" => {
            let function = c
                .option_values(&["-f", "-function"])
                .first()?
                .to_ascii_lowercase();
            if function.contains("drop") || function.contains("delete") {
                Some(Does::Destroys)
            } else {
                (!function.ends_with("show")).then_some(Does::Deploys)
            }
        }
        // SUSE's tuning of a machine for SAP applied, reverted or its
        // service taken over (`saptune solution apply HANA`); `verify`,
        // `simulate`, `list` and `status` look.
        "saptune" => ops
            .iter()
            .take(2)
            .any(|w| {
                matches!(
                    w.value.as_str(),
                    "apply"
                        | "revert"
                        | "change"
                        | "customise"
                        | "create"
                        | "delete"
                        | "rename"
                        | "edit"
                        | "start"
                        | "stop"
                        | "enable"
                        | "disable"
                        | "takeover"
                        | "enablestart"
                        | "disablestop"
                        | "release"
                        | "configure"
                        | "refresh"
                )
            })
            .then_some(Does::Deploys),
        "sapinst" => c
            .args()
            .iter()
            .any(|w| {
                w.value.split_once('=').is_some_and(|(k, v)| {
                    k.eq_ignore_ascii_case("SAPINST_EXECUTE_PRODUCT_ID")
                        && v.to_ascii_lowercase().contains("uninstall")
                })
            })
            .then_some(Does::Destroys),
        _ => None,
    }
}

/// A plant's device written through its field bus: a Modbus register or
/// coil (`mbpoll … 10.10.3.21 850`, `modpoll … /dev/ttyUSB0 0`, `modbus
/// write HOST %MW210 0`), a BACnet property or a device's communication
/// (`bacwp`, `bacdcc`, `bacrd`), CAN frames put on a bus (`cansend`,
/// `cangen`), an EtherCAT slave's memory, firmware or state (`ethercat
/// download`, `foe_write`, `states`), an OPC UA node written or method
/// called (`uawrite`, `uacall`). A machine moves, stops or trips on it.
fn field_bus(c: &Cmd<'_>) -> Option<Option<Does>> {
    let changes = match c.name.as_str() {
        // Values after the device or host are written to it.
        "mbpoll" | "modpoll" => {
            plain_words(
                c,
                &[
                    "-m", "-a", "-r", "-c", "-t", "-b", "-d", "-s", "-p", "-P", "-o", "-l",
                ],
            )
            .len()
                >= 2
        }
        // modbus-cli's `write` and `dump` (saved values written back);
        // another `modbus` tool's `REGISTER=VALUE` writes. Anything else
        // is left to the verbs.
        "modbus" => {
            let ops = c.operands();
            let writes = ops
                .first()
                .is_some_and(|w| matches!(w.value.as_str(), "write" | "dump"))
                || ops.iter().skip(1).any(|w| w.value.contains('='));
            return writes.then_some(Some(Does::Deploys));
        }
        "bacwp" | "bacwpm" | "bacdcc" | "bacrd" | "bacwh" | "bacts" | "bacucov" | "bacwfile"
        | "cansend" | "cangen" | "canplayer" | "isotpsend" | "uawrite" | "uacall"
        // python-can's player, run as `python3 -m can.player`: a log's
        // frames put back onto a bus.
        | "can.player" => true,
        // (Its `upload` reads an object from the slave.)
        "ethercat" => c.operands().first().is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "download"
                    | "foe_write"
                    | "sii_write"
                    | "reg_write"
                    | "soe_write"
                    | "states"
                    | "alias"
                    | "eoe"
                    | "ip"
                    | "rescan"
            )
        }),
        _ => return None,
    };
    Some(changes.then_some(Does::Deploys))
}

/// Whether a `module.function` or a subcommand only looks: a get, list,
/// show, test or report (`grains.item`, `test.ping`, `pkg.list_pkgs`,
/// `state.show_sls`, `jobs.lookup_jid`).
fn fleet_looks(function: &str) -> bool {
    let (module, name) = function.split_once('.').unwrap_or(("", function));
    // (Not the machines' `looks`: a function named `save` or `login`
    // writes.)
    matches!(module, "test" | "sys" | "jobs" | "status")
        || module == "grains"
            && matches!(
                name,
                "get" | "item" | "items" | "ls" | "raw" | "fetch" | "filter_by" | "equals"
            )
        || [
            "get",
            "list",
            "show",
            "info",
            "status",
            "version",
            "ping",
            "lookup",
            "print",
            "search",
            "find",
            "grep",
            "diff",
            "stat",
            "summary",
            "usage",
            "read",
            "exists",
            "contains",
            "available",
            "latest_version",
            "upgrade_available",
            "item",
            "ls",
            "inodeusage",
        ]
        .iter()
        .any(|l| name.starts_with(l))
}

/// salt-cloud's options that make or act on machines (each takes a
/// value: a profile, a map, an action, a function).
const SALT_CLOUD_ACTS: &[&str] = &[
    "-p",
    "--profile",
    "-m",
    "--map",
    "-a",
    "--action",
    "-f",
    "--function",
];

/// What SaltStack is told, on its minions (`salt 'web*' pkg.purge
/// apache2`), this machine (`salt-call state.apply`), its master
/// (`salt-run state.orchestrate orch.rollout`, `salt-key -A -y`), or a
/// cloud (`salt-cloud -d vm -y`): every function but a look changes the
/// machines it runs on. A state run with `test=True` only reports (an
/// execution module's `test=True` is no rehearsal). A shell command
/// handed over (`cmd.run 'rm -rf …'`) is judged as the command it is.
fn salt(c: &Cmd<'_>) -> Option<Option<Does>> {
    let valued = [
        "-t",
        "--timeout",
        "-b",
        "--batch-size",
        "-c",
        "--config-dir",
        "--out",
        "-l",
        "--log-level",
        "-s",
        "--saltenv",
        "--pillarenv",
        "--roster-file",
        "--priv",
        "-u",
        "--user",
        "--out-file",
        "--return",
        "-d",
        "--destroy",
    ];
    let valued: Vec<&str> = valued.iter().chain(SALT_CLOUD_ACTS).copied().collect();
    let words = plain_words(c, &valued);
    let rehearsal = c
        .values()
        .any(|v| v.eq_ignore_ascii_case("test=true") || v.eq_ignore_ascii_case("test=1"));
    let function = |at: usize| words.get(at).map(|w| w.to_ascii_lowercase());
    let judge = |function: &str| -> Option<Does> {
        let (module, name) = function.split_once('.').unwrap_or(("", function));
        if module == "cmd" && name.starts_with("run") || matches!(name, "shell" | "retcode") {
            return None;
        }
        if module == "state" || module == "orch" {
            return (!(rehearsal || name.starts_with("show") || name == "running"))
                .then_some(Does::Deploys);
        }
        // (A file fetched by salt-call lands here, where its path is
        // judged as any write; `manage.down` lists, unless told to
        // remove the keys.)
        if fleet_looks(function)
            || module == "cp" && name.starts_with("get_") && c.name == "salt-call"
            || module == "manage"
                && matches!(name, "down" | "present" | "not_present" | "up" | "alived")
                && !c.values().any(|v| v.starts_with("removekeys"))
        {
            return None;
        }
        Some(
            if loses(name) || name.contains("purge") || name.contains("kill") || name == "down" {
                Does::Destroys
            } else {
                Does::Deploys
            },
        )
    };
    let decided = match c.name.as_str() {
        "salt" | "salt-ssh" => function(1).and_then(|f| judge(&f)),
        "salt-call" | "salt-run" => function(0).and_then(|f| judge(&f)),
        // Keys deleted (`-d`, `-D`) or accepted and rejected, which lets a
        // machine in or shuts one out.
        "salt-key" => {
            if c.flag(&["-d", "-D", "--delete", "--delete-all"]) {
                Some(Does::Destroys)
            } else {
                c.flag(&[
                    "-a",
                    "-A",
                    "-r",
                    "-R",
                    "--accept",
                    "--accept-all",
                    "--reject",
                    "--reject-all",
                    "--gen-keys",
                ])
                .then_some(Does::Deploys)
            }
        }
        "salt-cloud" => {
            if c.flag(&["-d", "--destroy"]) {
                Some(Does::Destroys)
            } else {
                c.flag(SALT_CLOUD_ACTS).then_some(Does::Deploys)
            }
        }
        // Files copied onto every minion the target names.
        _ => Some(Does::Deploys),
    };
    Some(decided)
}

/// A fleet's job scheduler or configuration manager: Rundeck's jobs,
/// projects and executions (`rd jobs purge`, `rd run -j x`), the Puppet
/// server's certificates (`puppetserver ca clean`), a CFEngine agent run
/// (its `-n`/`--dry-run` only reports), Bolt's plans, tasks, scripts and
/// uploads, MCollective's agents: every word that is not a look changes
/// the machines it manages.
fn fleet(c: &Cmd<'_>) -> Option<Does> {
    let words = plain_words(
        c,
        &[
            "-p",
            "--project",
            "-j",
            "--job",
            "-i",
            "--id",
            "-g",
            "--group",
            "-f",
            "--file",
            "-F",
            "--format",
            "-t",
            "--targets",
            "--target",
            "-D",
            "-N",
            "-b",
            "--certname",
            "-I",
            "--with-identity",
            "-W",
            "--with",
            "-T",
            "-o",
            "-d",
        ],
    );
    let changes = |at: usize| {
        words
            .get(at)
            .is_some_and(|w| !looks(w) && !fleet_looks(w) && !matches!(*w, "follow" | "output"))
    };
    let does = |at: usize| {
        let w = words.get(at).copied().unwrap_or_default();
        if loses(w) || w.contains("purge") || matches!(w, "clean" | "revoke") {
            Does::Destroys
        } else {
            Does::Deploys
        }
    };
    let first = words.first().copied().unwrap_or_default();
    match c.name.as_str() {
        // `rd run`, `rd adhoc` run at once; `rd jobs load`, `rd projects
        // delete` change what is kept.
        "rd" => match first {
            "run" | "adhoc" => Some(Does::Deploys),
            _ => changes(1).then(|| does(1)),
        },
        "puppetserver" => (first == "ca" && changes(1)).then(|| does(1)),
        "cf-agent" | "cf-runagent" => {
            let reports = c.args().iter().any(|w| {
                let v = w.value.as_str();
                matches!(v, "--dry-run" | "--help" | "--version" | "-h" | "-V")
                    || v.strip_prefix('-').is_some_and(|letters| {
                        !letters.starts_with('-')
                            && letters
                                .chars()
                                .take_while(|l| !"fDNbswo".contains(*l))
                                .any(|l| l == 'n')
                    })
            });
            (!reports).then_some(Does::Deploys)
        }
        // (`bolt command run` hands over a command, judged as one.)
        "bolt" => match first {
            "command" => None,
            "file" => (words.get(1) == Some(&"upload")).then_some(Does::Deploys),
            "apply" => (!c.flag(&["--noop"])).then_some(Does::Deploys),
            "plan" | "task" | "script" => (words.get(1) == Some(&"run")).then_some(Does::Deploys),
            _ => None,
        },
        // (MCollective's agents' reports: `mco service nginx status`; a
        // look beside an act is no report: `mco service status stop`.)
        _ => {
            let noop = c.flag(&["--noop"]) && !c.flag(&["--no-noop"]);
            let acts = words.iter().any(|w| {
                loses(w)
                    || matches!(
                        *w,
                        "stop"
                            | "start"
                            | "restart"
                            | "reload"
                            | "runonce"
                            | "runall"
                            | "install"
                            | "uninstall"
                            | "update"
                            | "purge"
                            | "kill"
                            | "disable"
                            | "enable"
                            | "apply"
                            | "run"
                    )
            });
            let reports = !acts
                && words
                    .iter()
                    .any(|w| looks(w) || matches!(*w, "ping" | "find" | "inventory" | "facts"));
            (!noop && !reports && changes(0)).then(|| does(0))
        }
    }
}

/// An ERP system's own control programs: Oracle E-Business Suite's
/// online patching cycle (`adop phase=cutover`; its `-status` and
/// `-validate` only report), its scripts that stop or start every
/// service and regenerate its configuration (`adstpall.sh`,
/// `adautocfg.sh`), and Frappe's bench told to put a backup over a site
/// or wipe it (`bench --site erp restore …`, `reinstall`), migrate it or
/// change its settings.
fn erp(c: &Cmd<'_>) -> Option<Does> {
    let reports = c.args().iter().any(|w| {
        matches!(
            w.value.to_ascii_lowercase().as_str(),
            "-status" | "-validate" | "-help" | "--help" | "-h"
        )
    });
    if c.name != "bench" {
        return (!reports).then_some(Does::Deploys);
    }
    let words = plain_words(c, &["--site"]);
    match words.first().copied().unwrap_or_default() {
        "reinstall" | "restore" | "partial-restore" | "drop-site" | "remove-app"
        | "uninstall-app" | "trim-tables" | "trim-database" => Some(Does::Destroys),
        "migrate"
        | "set-admin-password"
        | "set-password"
        | "execute"
        | "update"
        | "install-app"
        | "set-config"
        | "disable-scheduler"
        | "enable-scheduler"
        | "set-maintenance-mode"
        | "restart"
        | "migrate-to"
        | "switch-to-branch" => Some(Does::Deploys),
        _ => None,
    }
}
