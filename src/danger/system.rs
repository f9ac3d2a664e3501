//! The machine itself: its power, services, kernel settings, users,
//! firewall, mounts, and its disks' partitions and volumes.
//!
//! Stopping a service, loading a kernel module or changing a partition
//! table reaches past the project to everything on the machine.

use super::cmd::Cmd;

mod desktop;
mod disks;
mod guards;
mod servers;

pub(super) use disks::{changes_partitions, erases_whole_disk};

/// Whether a command stops, restarts or reconfigures the system or its
/// services: power, kernel modules and settings (also written as files
/// under `/proc/sys` and `/sys`), the firewall, users, mounts, `systemctl`,
/// `service` and `launchctl` beyond looking, and the clock or host name.
pub(super) fn controls(c: &Cmd<'_>) -> bool {
    let sub = c.operands().first().map(|w| w.value.as_str()).unwrap_or("");
    // A `match`: the list is asked of every command.
    matches!(
        c.name.as_str(),
        "shutdown"
            | "setenforce"
            | "reboot"
            | "halt"
            | "poweroff"
            | "telinit"
            | "modprobe"
            | "insmod"
            | "rmmod"
            | "swapoff"
            | "iptables"
            | "ip6tables"
            // Rules loaded whole, replacing the live ones.
            | "iptables-restore"
            | "ip6tables-restore"
            | "iptables-apply"
            | "ebtables"
            | "arptables"
            | "nft"
            | "ufw"
            // BSD's and macOS's packet filter.
            | "pfctl"
            | "useradd"
            | "userdel"
            | "usermod"
            | "groupadd"
            | "groupdel"
            | "passwd"
            // A login shell or account details changed (`chsh -s
            // /usr/bin/fish`): what every later login runs.
            | "chsh"
            | "chfn"
            | "chpasswd"
            | "visudo"
            | "vipw"
            | "vigr"
            | "mount"
            | "umount"
            | "sysctl"
            | "kexec"
            | "swapon"
            // macOS's System Integrity Protection and Gatekeeper turned
            // off or loosened (`csrutil disable`, `spctl --master-disable`).
            | "csrutil"
            | "spctl"
            // A file attached as a disk (`losetup -fP disk.img`), or
            // detached from under what uses it.
            | "losetup"
            // Unused blocks discarded on every mounted file system
            // (`fstrim -av`): what a recovery tool could have found is gone.
            | "fstrim"
    ) && !(c.name == "sysctl"
        // (`-p FILE`, `--system`: the settings of files loaded, live.)
        && !c.flag(&["-w", "--write", "-p", "--load", "--system"])
        && !c.values().any(|v| v.contains('=')))
        && !(c.name == "mount" && c.args().is_empty())
        // (`chsh -l`: the shells allowed, listed.)
        && !(c.name == "chsh" && c.flag(&["-l", "--list-shells"]))
        // swap areas listed (`swapon --show`, `swapon -s`, bare `swapon`).
        && !(c.name == "swapon"
            && c.operands().is_empty()
            && !c.flag(&["-a", "--all"])
            && (c.args().is_empty() || c.flag(&["--show", "-s", "--summary"])))
        && !(c.name == "losetup"
            && (c.args().is_empty() || c.flag(&["-a", "--all", "-l", "--list", "-j", "--associated"])))
        && !(c.name == "csrutil" && matches!(sub, "status" | "authenticated-root" | "report")
            && c.operands().len() <= 2 && !c.values().any(|v| v == "disable"))
        && (c.name != "spctl"
            || c.values().any(|v| {
                let v = v.trim_start_matches('-');
                v.starts_with("master-")
                    || v.starts_with("global-")
                    || matches!(v, "add" | "remove" | "enable" | "disable" | "reset-default")
            }))
        // ufw's reports (`ufw status`, `ufw show added`, `ufw app list`).
        && !(c.name == "ufw"
            && (matches!(sub, "status" | "show")
                || sub == "app" && matches!(c.operands().get(1).map(|w| w.value.as_str()), Some("list" | "info"))))
        // ufw's, fstrim's and modprobe's rehearsals change nothing (`ufw
        // --dry-run disable`, `fstrim -n -a`, `modprobe -n -v wireguard`),
        // nor does `useradd -D` alone, which prints the defaults.
        && !(matches!(c.name.as_str(), "ufw" | "fstrim" | "modprobe" | "useradd") && super::dryrun::rehearses_as(&c.name, c.args()))
        // The firewall's rules listed (`iptables -L -n -v`, `nft list
        // ruleset`), nothing changed.
        && !firewall_lists(c, sub)
        // `visudo -c`, `nft -c` check a file's syntax and change nothing.
        && !super::cmd::checks_config(c)
        || (c.name == "init" && c.operands().iter().any(|w| w.value.len() == 1))
        || writes_control_socket(c)
        || changes_accounts(c, sub)
        || adds_software_source(c, sub)
        // Time Machine turned off, or its backup disk taken away or
        // swapped: nothing is backed up from then on; its snapshots
        // deleted; or a backup restored over what is there now (`tmutil
        // restore … ~/Documents`).
        || (c.name == "tmutil"
            && matches!(
                sub,
                "disable"
                    | "disablelocal"
                    | "removedestination"
                    | "setdestination"
                    | "deletelocalsnapshots"
                    | "thinlocalsnapshots"
                    | "restore"
            ))
        // The developer tools every user's `xcrun`, `git` and `cc` run,
        // switched, reset or installed for the whole machine.
        || (c.name == "xcode-select"
            && c.flag(&["-s", "--switch", "-r", "--reset", "--install"]))
        // Spotlight's index turned off or erased on a volume (`mdutil -i
        // off /`, `mdutil -E /Volumes/Archive`): search finds nothing there.
        || (c.name == "mdutil"
            && (c.flag(&["-E", "-X"])
                || c.option_values(&["-i"]).contains(&"off")))
        // Kernel settings written as files (`/proc/sys/…`, with
        // `core_pattern` naming a program run as root; `/sys/…`).
        || c.written_paths().iter().any(|p| {
            (p.contains("sys") || c.ctx.cwd.starts_with("/proc") || c.ctx.cwd.starts_with("/sys"))
                && {
                    let r = c.ctx.resolve(p);
                    r.starts_with("/proc/sys/") || r.starts_with("/sys/")
                }
        })
        // The kernel's audit rules changed, deleted, or auditing turned
        // off (`auditctl -e 0`, `auditctl -D`); its lists and status are
        // looks.
        || (c.name == "auditctl" && !auditctl_only_looks(c))
        || (c.name == "systemctl"
            && !sub.is_empty()
            && !super::dryrun::rehearses_as(&c.name, c.args())
            && !matches!(
                sub,
                "status"
                    | "show"
                    | "cat"
                    | "help"
                    | "is-active"
                    | "is-enabled"
                    | "is-failed"
                    | "is-system-running"
            )
            && !sub.starts_with("list-"))
        // (`service nginx status` only reports.)
        || (c.name == "service"
            && c.operands().len() >= 2
            && c.operands().get(1).is_none_or(|w| w.value != "status"))
        || (c.name == "launchctl"
            && !matches!(
                sub,
                "" | "list" | "print" | "print-disabled" | "help" | "version"
            ))
        || (matches!(c.name.as_str(), "timedatectl" | "hostnamectl") && sub.starts_with("set-"))
        // A network card's settings changed, its firmware flashed, or its
        // link taken down by a self-test (`ethtool -s eth0 speed 100`,
        // `-K eth0 tso off`, `-f eth0 fw.bin`, `-t eth0`).
        || (c.name == "ethtool" && !ethtool_only_shows(c.args()))
        // firewalld's zones and rules changed (`firewall-cmd --permanent
        // --zone=trusted --add-source=0.0.0.0/0`, `--reload`); its
        // `--list-*`, `--get-*`, `--query-*`, `--info-*` and `--state` only
        // look.
        || matches!(c.name.as_str(), "firewall-cmd" | "firewall-offline-cmd")
            && c.args().iter().any(|w| {
                let o = w.value.split('=').next().unwrap_or_default();
                o.starts_with("--")
                    && !["--list-", "--get-", "--query-", "--info-"]
                        .iter()
                        .any(|p| o.starts_with(p))
                    && !matches!(
                        o,
                        "--permanent" | "--zone" | "--state" | "--help" | "--version" | "--quiet"
                            | "--check-config"
                    )
            })
        || other_service_managers(c, sub)
        || controller_changes_state(c, sub)
        || macos_machine_settings(c, sub)
        || changes_network(c, sub)
        || windows_repairs_or_settings(c)
        || changes_security_policy(c, sub)
        || desktop::changes_session(c, sub)
        || guards::security_agent_changes(c, sub)
        || servers::server_controls(c, sub)
        // The system's clock set (`date -s`, `hwclock --systohc`), which
        // certificates, builds and logs all trust.
        || matches!(c.name.as_str(), "date" | "gdate") && c.flag(&["-s", "--set"])
        // The machine's name set (`hostname build-01`, `-F file`).
        || c.name == "hostname"
            && (c.flag(&["-F", "--file", "-b", "--boot"])
                || c.args().iter().any(|w| !w.value.starts_with('-')))
        || c.name == "hwclock"
            && c.flag(&["--set", "-w", "--systohc", "-s", "--hctosys", "--adjust"])
        || changes_security_defaults(c, sub)
        // The firmware's boot entries changed (`efibootmgr -b 3 -B`);
        // with no option, or `-v`, they are listed.
        || c.name == "efibootmgr"
            && c.args()
                .iter()
                .any(|w| w.value.starts_with('-') && !matches!(w.value.as_str(), "-v" | "--verbose" | "-q" | "--quiet"))
        // A new system configuration activated (`nixos-rebuild test`
        // activates it too, without a boot entry).
        // Home Manager's generation made the person's dotfiles, services
        // and PATH (`home-manager switch --flake .#dev`).
        || matches!(c.name.as_str(), "nixos-rebuild" | "darwin-rebuild" | "home-manager")
            && c.operands().iter().any(|w| {
                matches!(w.value.as_str(), "switch" | "boot" | "test" | "rollback" | "activate")
            })
            // (Home Manager's `-n` builds and shows only.)
            && !(c.name == "home-manager" && super::dryrun::rehearses_as(&c.name, c.args()))
        // The print server's settings changed (`cupsctl --debug-logging`,
        // `lpadmin -p …`), or fail2ban's bans lifted, jails stopped or
        // reloaded (`fail2ban-client unban --all`); their looks stay clear.
        || c.name == "cupsctl" && {
            // Its server (`-h`), user (`-U`) and encryption (`-E`) are no
            // settings; anything else given is one.
            let args = c.args();
            args.iter().enumerate().any(|(i, w)| {
                let v = w.value.as_str();
                let after_value =
                    i > 0 && args.get(i - 1).is_some_and(|p| matches!(p.value.as_str(), "-h" | "-U"));
                !after_value && v != "-E" && !v.starts_with("-h") && !v.starts_with("-U")
            })
        }
        || c.name == "lpadmin"
        || c.name == "fail2ban-client"
            && c.operands().first().is_some_and(|w| {
                !matches!(w.value.as_str(), "status" | "ping" | "get" | "banned" | "version" | "help" | "echo")
            })
        // A GPU's modes, limits and clocks set, or the GPU reset
        // (`nvidia-smi -c 3`, `-pm 1`, `-pl 200`, `-r`); its queries and
        // listings (`-q`, `-L`, `--query-gpu=…`) are looks.
        || c.name == "nvidia-smi"
            && c.values().any(|v| {
                let option = v.split('=').next().unwrap_or(v);
                matches!(
                    option,
                    "-c" | "--compute-mode"
                        | "-pm"
                        | "--persistence-mode"
                        | "-pl"
                        | "--power-limit"
                        | "-r"
                        | "--gpu-reset"
                        | "-e"
                        | "--ecc-config"
                        | "-ac"
                        | "--applications-clocks"
                        | "-rac"
                        | "-lgc"
                        | "--lock-gpu-clocks"
                        | "-rgc"
                        | "-lmc"
                        | "-mig"
                        | "--multi-instance-gpu"
                )
            })
        || stops_a_server(c)
        || installs_system_packages(c, sub)
        || changes_boot(c, sub)
        // Device events sent for real (`udevadm trigger --action=remove`),
        // udev itself reconfigured, its hardware database rebuilt.
        || c.name == "udevadm"
            && matches!(sub, "trigger" | "control" | "hwdb")
            && !super::dryrun::rehearses_as(&c.name, c.args())
        // A disk or volume unmounted, ejected, mounted, repaired, resized
        // or renamed (its erasing forms are `verb.destroys`).
        || c.name == "diskutil"
            && matches!(
                sub.to_ascii_lowercase().as_str(),
                "unmount" | "umount" | "unmountdisk" | "umountdisk" | "eject" | "mount"
                    | "mountdisk" | "repairvolume" | "repairdisk" | "resizevolume"
                    | "renamevolume" | "enablejournal" | "disablejournal" | "enableownership"
                    | "disableownership"
            )
        // macOS's names and network settings set (`scutil --set HostName
        // build-box`); `--get`, `--dns`, `--proxy` only show them.
        || c.name == "scutil" && c.flag(&["--set"])
        // macOS's network settings changed (`networksetup -setdnsservers
        // Wi-Fi 203.0.113.53`, `-setwebproxy`, `-removenetworkservice`);
        // its `-list…`, `-get…`, `-print…` and `-help` forms only show.
        || c.name == "networksetup"
            && c.values().next().is_some_and(|v| {
                let v = v.to_ascii_lowercase();
                v.starts_with('-')
                    && !["-list", "-get", "-print", "-help", "-version", "-show", "-is"]
                        .iter()
                        .any(|p| v.starts_with(p))
            })
        // macOS's configuration profiles installed, removed or renewed
        // (`profiles -D -f` deletes them all); listing them changes nothing.
        || c.name == "profiles"
            && (matches!(sub, "install" | "remove" | "renew" | "sync")
                || c.flag(&["-D", "-R", "-I", "-N", "-i", "-r"]))
        // The printing system reconfigured (`lpadmin -x OfficeLaser`
        // deletes a queue, `-p … -v …` adds one): lpadmin has no form that
        // only looks.
        || c.name == "lpadmin" && !c.args().is_empty()
        // A print queue stopped or closed to new jobs (`cupsdisable -c
        // labels` also cancels what it held): the store's printing stops.
        || matches!(c.name.as_str(), "cupsdisable" | "cupsreject") && !c.args().is_empty()
        // Every WSL distribution and its machine stopped (`wsl.exe
        // --shutdown`), or one (`--terminate NAME`, `-t NAME`).
        || matches!(c.name.as_str(), "wsl" | "wsl.exe")
            && (c.flag(&["--shutdown", "--terminate"])
                || c.args().first().is_some_and(|w| w.value == "-t"))
        // A system image or update bundle installed to the other slot, to
        // boot next (`rauc install b.raucb`, `swupdate -i x.swu`, `mender
        // install a.mender`), or taken back; a slot marked to boot or
        // never to (`rauc mark-bad other`, `mark-active`).
        || matches!(c.name.as_str(), "rauc" | "mender" | "mender-update")
            && matches!(
                sub,
                "install" | "rollback" | "commit" | "mark-bad" | "mark-good" | "mark-active"
            )
        || c.name == "swupdate" && c.flag(&["-i", "--image"]) && !c.flag(&["-c", "--check"])
        // Windows Installer's package installed, repaired or updated for
        // the machine (`msiexec /i agent.msi /qn`): its actions run as
        // the system.
        || matches!(c.name.as_str(), "msiexec" | "msiexec.exe")
            && c.values().any(|v| {
                ["/i", "/package", "/a", "/update"]
                    .iter()
                    .any(|o| v.eq_ignore_ascii_case(o))
                    // A repair, by its letters (`/fa`, `/fvomus`).
                    || v.get(..2).is_some_and(|f| f.eq_ignore_ascii_case("/f"))
            })
        // Windows's firewall turned off or reset (`netsh advfirewall set
        // allprofiles state off`).
        || (matches!(c.name.as_str(), "netsh" | "netsh.exe")
            && c.values().any(|v| v.eq_ignore_ascii_case("advfirewall") || v.eq_ignore_ascii_case("firewall"))
            && c.values().any(|v| ["off", "disable", "reset", "delete"].iter().any(|o| v.eq_ignore_ascii_case(o))))
}

/// Software installed for the whole machine from a package file (`dpkg -i
/// agent.deb`, `rpm -ivh x.rpm`, `apt install ./x.deb`, `pacman -U
/// x.pkg.tar.zst`, `dnf localinstall`, macOS's `installer -pkg`): its
/// install scripts run as root, whatever put the file there. And every
/// package of the machine upgraded at once (`apt-get -y upgrade`, `dnf
/// upgrade`, `pacman -Syu`, `softwareupdate -ia`): a change to the whole
/// system that no one command takes back. A package installed by name
/// from the system's repositories (`apt-get install -y jq`) and the
/// tools' rehearsals (`apt-get -s upgrade`, `rpm -i --test`) stay clear.
fn installs_system_packages(c: &Cmd<'_>, sub: &str) -> bool {
    // Asked of every command: the name first, the rehearsal only of a
    // package manager's change.
    installs_unless_rehearsed(c, sub)
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && !c.flag(&["--no-act", "--simulate", "--assumeno"])
}

/// [`installs_system_packages`] before its rehearsals are weighed.
fn installs_unless_rehearsed(c: &Cmd<'_>, sub: &str) -> bool {
    let package_file = |exts: &[&str]| {
        c.operands()
            .iter()
            .skip(1)
            .any(|w| exts.iter().any(|e| w.value.ends_with(e)))
    };
    // Options written as letters: rpm's `-ivh`/`-Uvh`/`-F`, pacman's `-U`
    // and `-Syu` (a sync that upgrades), never a query (`rpm -qip`).
    let letters = |first: &[char], with: Option<char>| {
        c.args().iter().any(|w| {
            let v = w.value.as_str();
            v.strip_prefix('-').is_some_and(|l| {
                !l.starts_with('-') && l.starts_with(first) && with.is_none_or(|ch| l.contains(ch))
            })
        })
    };
    let no_names = || c.operands().len() <= 1;
    match c.name.as_str() {
        "dpkg" => c.flag(&["-i", "--install", "--unpack"]),
        "rpm" => {
            letters(&['i', 'U', 'F'], None)
                || c.flag(&["--install", "--upgrade", "--freshen", "--reinstall"])
        }
        "apt" | "apt-get" | "aptitude" => {
            matches!(
                sub,
                "upgrade" | "dist-upgrade" | "full-upgrade" | "safe-upgrade"
            ) || matches!(sub, "install" | "reinstall") && package_file(&[".deb"])
        }
        "dnf" | "yum" | "microdnf" | "dnf5" => {
            matches!(sub, "localinstall" | "localupdate")
                || matches!(sub, "install" | "reinstall" | "upgrade" | "update")
                    && package_file(&[".rpm"])
                || matches!(sub, "upgrade" | "update" | "distro-sync" | "dsync") && no_names()
                // A past transaction taken back or done again (`dnf history
                // undo last`): packages of the system removed or put back.
                || sub == "history"
                    && c.operands().get(1).is_some_and(|w| {
                        matches!(w.value.as_str(), "undo" | "rollback" | "redo")
                    })
        }
        "zypper" => {
            matches!(sub, "in" | "install") && package_file(&[".rpm"])
                || matches!(sub, "dup" | "dist-upgrade")
                || matches!(sub, "up" | "update") && no_names()
        }
        "pacman" => letters(&['U'], None) || letters(&['S'], Some('u')),
        "apk" => {
            sub == "add" && (package_file(&[".apk"]) || c.flag(&["--allow-untrusted"]))
                || sub == "upgrade"
        }
        "pkg" => sub == "add" || sub == "upgrade" && no_names(),
        // The same whole-system upgrade by the other package managers:
        // every snap, flatpak, formula, port, App Store app (`snap
        // refresh`, `flatpak update`, `brew upgrade`, `port upgrade
        // outdated`, `mas upgrade`); pacman's helpers (`yay`, `paru`
        // alone or `-Syu`; `yay -Yc` removes what nothing needs);
        // Gentoo's world, Void's and Solus's and Clear Linux's updates;
        // Windows's package managers told to upgrade all.
        "snap" => sub == "refresh" && no_names() && !c.flag(&["--list", "--time"]),
        "flatpak" => matches!(sub, "update" | "upgrade") && no_names(),
        "brew" => sub == "upgrade" && no_names(),
        "port" => sub == "upgrade",
        "mas" => sub == "upgrade" && no_names(),
        "yay" | "paru" => {
            c.args().is_empty() || letters(&['S'], Some('u')) || letters(&['Y'], Some('c'))
        }
        "emerge" => c.operands().iter().any(|w| w.value == "@world"),
        "xbps-install" => {
            letters(&['S'], Some('u')) || c.flag(&["--update"]) && c.operands().is_empty()
        }
        "eopkg" => matches!(sub, "upgrade" | "up") && no_names(),
        "swupd" => sub == "update",
        "winget" | "winget.exe" => sub == "upgrade" && c.flag(&["--all", "-r", "--recurse"]),
        "choco" | "choco.exe" => sub == "upgrade" && c.operands().iter().any(|w| w.value == "all"),
        "scoop" => {
            sub == "update"
                && (c.flag(&["--all", "-a"]) || c.operands().iter().any(|w| w.value == "*"))
        }
        "installer" => c.flag(&["-pkg", "-package"]),
        // Python packages put into the system's own Python, past the
        // guard that keeps them out (`uv pip install --system x`, `pip
        // install --break-system-packages x`): what the system's tools
        // import changes under them.
        "uv" => {
            sub == "pip"
                && c.operands()
                    .get(1)
                    .is_some_and(|w| matches!(w.value.as_str(), "install" | "sync" | "uninstall"))
                && c.flag(&["--system", "--break-system-packages"])
        }
        "pip" | "pip3" => {
            matches!(sub, "install" | "uninstall") && c.flag(&["--break-system-packages"])
        }
        "softwareupdate" => {
            c.flag(&[
                "-i",
                "--install",
                "-ia",
                "-ai",
                "--all",
                "-a",
                "--install-rosetta",
                "--fetch-full-installer",
            ]) && !c.flag(&["-l", "--list"])
        }
        // FreeBSD's base system updated, upgraded to a release or rolled
        // back (`freebsd-update fetch install`); `fetch` alone downloads.
        "freebsd-update" => c
            .operands()
            .iter()
            .any(|w| matches!(w.value.as_str(), "install" | "upgrade" | "rollback")),
        _ => false,
    }
}

/// Whether a command changes what the machine boots: the initial RAM
/// disk rebuilt (`update-initramfs -u`, `mkinitcpio -P`, `dracut`), the
/// boot loader's menu or install (`update-grub`, `grub-mkconfig -o
/// /boot/grub/grub.cfg`, `bootctl install`, `kernelstub -a quiet`), or the
/// image an image-based system boots into (`bootc switch`, `rpm-ostree
/// rebase`). A mistake there shows at the next boot, when the machine
/// may not come up. Their listings and checks stay clear (`bootctl
/// status`, `rpm-ostree status`, `rpm-ostree upgrade --preview`,
/// `dracut --list-modules`, `grub-mkconfig` printing to the terminal).
fn changes_boot(c: &Cmd<'_>, sub: &str) -> bool {
    // `rpm-ostree upgrade --preview`, `bootc upgrade --check`: what an
    // upgrade would bring is shown. Asked only of a boot tool's change.
    boots_differently(c, sub)
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && !(matches!(c.name.as_str(), "rpm-ostree" | "bootc")
            && c.rehearses_by(&["--preview", "--check"]))
}

/// [`changes_boot`] before its rehearsals are weighed.
fn boots_differently(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        "update-initramfs" | "mkinitcpio" | "update-grub" | "update-grub2" | "grub-install"
        | "grub2-install" | "grub-set-default" | "grub2-set-default" | "grub-reboot" | "grubby"
        | "kernelstub" => !c.flag(&["--info", "-L", "--list", "--default-kernel"]),
        "dracut" => !c.flag(&["--list-modules", "--print-cmdline"]),
        "grub-mkconfig" | "grub2-mkconfig" => c.flag(&["-o", "--output"]),
        "bootctl" => matches!(
            sub,
            "install" | "update" | "remove" | "set-default" | "set-oneshot" | "random-seed"
        ),
        "bootc" => matches!(sub, "switch" | "upgrade" | "rollback" | "install" | "edit"),
        "rpm-ostree" => {
            matches!(
                sub,
                "upgrade"
                    | "update"
                    | "rebase"
                    | "rollback"
                    | "deploy"
                    | "install"
                    | "uninstall"
                    | "override"
                    | "kargs"
                    | "reset"
                    | "initramfs"
                    | "apply-live"
            ) && !(sub == "kargs" && c.args().len() == 1)
                // The pending or the rollback deployment removed: the
                // system it would boot is gone.
                || sub == "cleanup" && c.flag(&["-p", "-r", "--pending", "--rollback"])
        }
        // ostree's own deployments: one made, removed, or the old ones
        // and their objects cleaned away (`ostree admin undeploy 1`).
        "ostree" => {
            sub == "admin"
                && c.operands().get(1).is_some_and(|w| {
                    matches!(
                        w.value.as_str(),
                        "deploy" | "undeploy" | "cleanup" | "switch" | "upgrade" | "set-origin"
                    )
                })
        }
        _ => false,
    }
}

/// Whether a command changes who may log in or act as an administrator,
/// or how the disk is locked, by the tools that are not `useradd`'s kin:
/// a group's members or password (`gpasswd -a bob wheel`), macOS's
/// directory records (`dscl . -append /Groups/admin GroupMembership bob`,
/// `dscl . -passwd …`, `dseditgroup -o edit …`), its account tool's
/// changes (`sysadminctl -addUser`), and FileVault turned off, on, or its
/// keys changed (`fdesetup disable`). Their reports are not.
fn changes_accounts(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        "gpasswd" => !c.args().is_empty(),
        "dscl" => c.values().any(|v| {
            matches!(
                v.trim_start_matches('-'),
                "create"
                    | "append"
                    | "merge"
                    | "passwd"
                    | "change"
                    | "changei"
                    | "createpl"
                    | "deletepl"
                    | "delete"
                    | "mcxset"
                    | "mcxedit"
                    | "mcxdelete"
            )
        }),
        "dseditgroup" => c
            .option_values(&["-o"])
            .iter()
            .any(|v| matches!(*v, "edit" | "create" | "delete")),
        "sysadminctl" => c.values().any(|v| {
            v.starts_with('-')
                && !v.ends_with("Status")
                && !matches!(v, "-adminUser" | "-adminPassword" | "-h" | "-help")
        }),
        "fdesetup" => !matches!(
            sub,
            "" | "status"
                | "list"
                | "isactive"
                | "haspersonalrecoverykey"
                | "hasinstitutionalrecoverykey"
                | "usingrecoverykey"
                | "showdeferralinfo"
                | "supportsauthrestart"
                | "help"
                | "version"
        ),
        _ => false,
    }
}

/// Whether a command adds or changes where the system's packages come
/// from (`add-apt-repository ppa:…`, `dnf config-manager --add-repo …`,
/// `zypper ar …`, `flatpak remote-add …`, `ostree remote add …`): every
/// later install or update fetches from there, as root.
fn adds_software_source(c: &Cmd<'_>, sub: &str) -> bool {
    let second = || c.operands().get(1).map(|w| w.value.as_str());
    match c.name.as_str() {
        "add-apt-repository" | "apt-add-repository" => !c.args().is_empty(),
        "dnf" | "yum" | "dnf5" => {
            sub == "config-manager"
                && (c.flag(&["--add-repo", "--set-enabled", "--enable"])
                    || matches!(second(), Some("addrepo" | "setopt")))
        }
        "zypper" => matches!(sub, "ar" | "addrepo" | "mr" | "modifyrepo"),
        "flatpak" => matches!(sub, "remote-add" | "remote-modify"),
        "ostree" => sub == "remote" && matches!(second(), Some("add")),
        // Windows's package managers (`winget source add`, `choco source
        // add`, `scoop bucket add`).
        "winget" | "winget.exe" | "choco" | "choco.exe" => {
            sub == "source" && matches!(second(), Some("add"))
        }
        "scoop" => sub == "bucket" && matches!(second(), Some("add")),
        _ => false,
    }
}

/// Whether macOS's `defaults` changes a setting that guards the machine:
/// the download quarantine (`com.apple.LaunchServices LSQuarantine`),
/// Gatekeeper and the firewall, the login window's hooks (scripts run as
/// root at every login), the screen lock's password, or any setting of
/// the whole machine (`/Library/Preferences/…`).
fn changes_security_defaults(c: &Cmd<'_>, sub: &str) -> bool {
    const GUARDS: &[&str] = &[
        "com.apple.launchservices",
        "com.apple.security",
        "com.apple.alf",
        "com.apple.loginwindow",
        "com.apple.screensaver",
        "com.apple.systempolicy",
        "com.apple.assessment",
        "com.apple.softwareupdate",
        "/library/preferences/",
    ];
    if c.name != "defaults" || !matches!(sub, "write" | "delete" | "import" | "rename") {
        return false;
    }
    let Some(domain) = c.operands().get(1).map(|w| w.value.to_ascii_lowercase()) else {
        return false;
    };
    GUARDS.iter().any(|g| domain.starts_with(g))
}

/// Whether a firewall command only looks at its rules: `iptables -L`/`-S`
/// (`--list`, `--list-rules`) or `-C` (is this rule there?) with nothing
/// that changes a chain or zeroes its counters, `nft list …` with no file
/// of rules loaded.
fn firewall_lists(c: &Cmd<'_>, sub: &str) -> bool {
    if c.name == "pfctl" {
        return pf_only_looks(c.args());
    }
    if c.name == "nft" {
        return sub == "list" && !c.flag(&["-f", "--file"]);
    }
    matches!(c.name.as_str(), "iptables" | "ip6tables")
        && c.flag(&["-L", "--list", "-S", "--list-rules", "-C", "--check"])
        && !c.flag(&[
            "-A",
            "--append",
            "-I",
            "--insert",
            "-D",
            "--delete",
            "-R",
            "--replace",
            "-F",
            "--flush",
            "-X",
            "--delete-chain",
            "-N",
            "--new-chain",
            "-P",
            "--policy",
            "-E",
            "--rename-chain",
            "-Z",
            "--zero",
        ])
}

/// Whether `ethtool` only shows a card's settings, features, counters or
/// identity (a bare `ethtool eth0`, `-i`, `-S`, `-k`, `--show-…`), or
/// blinks its light (`-p`). Every other option changes the card, or
/// takes its link down (`-t`, `--cable-test`), and one askrisky does not
/// know may too.
fn ethtool_only_shows(args: &[crate::parse::Word]) -> bool {
    const SHOWS: &[&str] = &[
        "-a",
        "-c",
        "-d",
        "-e",
        "-g",
        "-h",
        "-i",
        "-k",
        "-l",
        "-m",
        "-n",
        "-p",
        "-u",
        "-x",
        "-P",
        "-S",
        "-T",
        "-I",
        "--json",
        "--help",
        "--version",
        "--driver",
        "--register-dump",
        "--eeprom-dump",
        "--statistics",
        "--phy-statistics",
        "--identify",
        "--dump-module-eeprom",
        "--module-info",
        "--include-statistics",
    ];
    args.iter().all(|w| {
        let v = w.value.as_str();
        w.literal && (!v.starts_with('-') || v.starts_with("--show-") || SHOWS.contains(&v))
    })
}

/// Whether `pfctl` only shows the packet filter's state (`pfctl -sr`,
/// `pfctl -t bad -T show`) or only parses a rule file (`pfctl -nf
/// /etc/pf.conf`: `-n` loads nothing). Any other letter loads, enables,
/// disables, flushes or kills (`-f`, `-e`, `-d`, `-F`, `-k`, `-N`, `-R`),
/// and a letter askrisky does not know may too.
fn pf_only_looks(args: &[crate::parse::Word]) -> bool {
    // Letters that take a value: the rest of the cluster, or the next word.
    const VALUED: &str = "aDFfiKkLopSsTtx";
    let mut letters = Vec::new();
    let mut it = args.iter().map(|w| w.value.as_str());
    while let Some(v) = it.next() {
        let Some(cluster) = v
            .strip_prefix('-')
            .filter(|c| !c.is_empty() && !c.starts_with('-'))
        else {
            return false;
        };
        for (i, ch) in cluster.char_indices() {
            if VALUED.contains(ch) {
                let rest = &cluster[i + ch.len_utf8()..];
                let value = if rest.is_empty() {
                    it.next().unwrap_or("")
                } else {
                    rest
                };
                letters.push((ch, value));
                break;
            }
            letters.push((ch, ""));
        }
    }
    letters.iter().any(|(ch, _)| *ch == 'n')
        || letters.iter().any(|(ch, _)| matches!(ch, 's' | 'T'))
            && letters.iter().all(|(ch, value)| match ch {
                's' | 't' | 'a' | 'v' | 'g' | 'q' | 'r' | 'i' => true,
                'T' => matches!(*value, "show" | "test"),
                _ => false,
            })
}

/// Whether a server or process manager is told to stop, restart or
/// reload what it runs: `nginx -s stop`, `apachectl -k graceful`, `pg_ctl
/// stop`, `supervisorctl restart all`, `pm2 delete api`, `rc-service x
/// stop`, `sv down x` — services of the machine, as `systemctl stop` is.
fn stops_a_server(c: &Cmd<'_>) -> bool {
    const STOPS: &[&str] = &[
        "stop",
        "quit",
        "reload",
        "restart",
        "graceful",
        "graceful-stop",
        "kill",
        "shutdown",
        "delete",
        "down",
        "term",
        "promote",
    ];
    let stops = |v: &str| STOPS.contains(&v);
    match c.name.as_str() {
        "nginx" | "openresty" => c.option_values(&["-s"]).iter().any(|v| stops(v)),
        "apachectl" | "apache2ctl" | "httpd" | "apache2" => {
            c.option_values(&["-k"]).iter().any(|v| stops(v))
                || c.operands().first().is_some_and(|w| stops(&w.value))
        }
        // `brew services stop postgresql@16`.
        "brew" => {
            let ops = c.operands();
            ops.first().is_some_and(|w| w.value == "services")
                && ops.get(1).is_some_and(|w| stops(&w.value))
        }
        // Windows's services (`net.exe stop WinDefend /y`, `sc.exe config
        // WinDefend start= disabled`), from WSL or a Windows shell.
        "net" | "net.exe" => c
            .operands()
            .first()
            .is_some_and(|w| matches!(w.value.to_ascii_lowercase().as_str(), "stop" | "pause")),
        "sc" | "sc.exe" => c.operands().iter().take(2).any(|w| {
            matches!(
                w.value.to_ascii_lowercase().as_str(),
                "stop" | "pause" | "delete" | "config"
            )
        }),
        "pg_ctl" | "pg_ctlcluster" | "supervisorctl" | "pm2" | "rc-service" | "sv"
        | "mysqladmin" | "initctl" | "s6-svc" | "forever" | "lsyncd" => c
            .operands()
            .iter()
            .take(3)
            .any(|w| stops(&w.value) || w.value == "stopall"),
        _ => false,
    }
}

/// Whether commands are written to a daemon's control socket: socat
/// joined to a Unix socket, or netcat told `-U`, fed text (`echo "disable
/// server be_api/api2" | socat stdio unix-connect:/run/haproxy/admin.sock`).
/// A runtime API changes what the daemon serves, whatever the daemon is.
/// Only asking it to show something (`show stat`, `help`) changes nothing;
/// text the line cannot show may say anything.
fn writes_control_socket(c: &Cmd<'_>) -> bool {
    const LOOKS: &[&str] = &[
        "show", "get", "help", "info", "stat", "stats", "list", "ls", "status", "version", "ping",
        "prompt", "quit", "exit",
    ];
    let unix = match c.name.as_str() {
        "socat" => c.values().any(|v| {
            let v = v.to_ascii_lowercase();
            [
                "unix-connect:",
                "unix-client:",
                "unix:",
                "abstract-connect:",
            ]
            .iter()
            .any(|p| v.starts_with(p))
            // (A socket opened as a file, `GOPEN:/run/x.sock`, connects too.)
                || v.starts_with("gopen:") && v.contains(".sock")
        }),
        _ => c.is(super::cmd::NETCATS) && c.flag(&["-U", "--unixsock"]),
    };
    if !unix {
        return false;
    }
    match &c.command.stdin_text {
        Some(text) => text.lines().any(|line| {
            line.split_whitespace()
                .next()
                .is_some_and(|w| !LOOKS.contains(&w.to_ascii_lowercase().as_str()))
        }),
        None => c.command.stdin_dynamic,
    }
}

/// Whether the machine's live network setup is changed: `ip link set eth0
/// down`, `ip route del default`, `tc qdisc add …`, `ifconfig eth0 down`,
/// a WireGuard interface's peers or keys (`wg set wg0 peer K remove`,
/// `wg-quick down wg0`). Listing (`ip addr show`, `wg show`) changes
/// nothing.
fn changes_network(c: &Cmd<'_>, sub: &str) -> bool {
    const CHANGES: &[&str] = &[
        "add", "del", "delete", "set", "change", "replace", "flush", "append", "prepend",
    ];
    match c.name.as_str() {
        // A batch of commands read from a file or stdin (`ip -batch
        // <(echo 'route flush table main')`, `tc -b -`): any of them may
        // change the network.
        // (Its options are words, each abbreviated: `-br` is `-brief`.)
        "ip" | "tc"
            if c.args()
                .iter()
                .any(|w| matches!(w.value.as_str(), "-b" | "-batch" | "--batch")) =>
        {
            true
        }
        "ip" | "tc" | "bridge" => c
            .operands()
            .get(1)
            .is_some_and(|w| CHANGES.contains(&w.value.as_str())),
        // NetworkManager told to turn networking or a radio off or on,
        // or to change, bring up or down, or forget a connection or a
        // device (`nmcli networking off`, `nmcli radio wifi off`, `nmcli
        // con mod eth0 ipv4.dns 1.1.1.1`); its lists and shows only look.
        "nmcli" => c.operands().iter().skip(1).any(|w| {
            matches!(
                w.value.as_str(),
                "on" | "off"
                    | "up"
                    | "down"
                    | "add"
                    | "modify"
                    | "mod"
                    | "m"
                    | "delete"
                    | "del"
                    | "reload"
                    | "load"
                    | "import"
                    | "clone"
                    | "set"
                    | "connect"
                    | "disconnect"
                    | "reapply"
                    | "hotspot"
            )
        }),
        // A network plan applied, even on trial (`netplan try` applies it
        // and rolls back only when nobody confirms), or a value set in it.
        "netplan" => matches!(sub, "apply" | "try" | "set"),
        // OpenWrt's settings changed or committed (`uci set …`, `uci
        // commit network`); DD-WRT's and Tomato's NVRAM likewise; a value
        // set on a device over SNMP (`snmpset … ifAdminStatus.12 i 2`
        // shuts a switch port).
        "uci" => !matches!(sub, "" | "show" | "get" | "export" | "changes"),
        "nvram" => matches!(sub, "set" | "unset" | "commit" | "erase" | "restore"),
        "snmpset" => true,
        "ifconfig" => c.operands().len() >= 2,
        "wg" => matches!(sub, "set" | "setconf" | "addconf" | "syncconf"),
        // The kernel's IP sets the firewall matches (`ipset add
        // blocklist 203.0.113.66`) and its tracked connections flushed,
        // deleted or changed (`conntrack -F`, `conntrack -D -p udp`).
        "ipset" => matches!(
            sub,
            "add"
                | "del"
                | "create"
                | "destroy"
                | "flush"
                | "swap"
                | "rename"
                | "restore"
                | "-A"
                | "-D"
                | "-N"
                | "-X"
                | "-F"
                | "-W"
                | "-E"
                | "-R"
        ),
        "conntrack" => c.flag(&[
            "-F", "--flush", "-D", "--delete", "-U", "--update", "-I", "--create",
        ]),
        "wg-quick" => matches!(sub, "up" | "down" | "save"),
        // The machine joined to, or taken off, a virtual network
        // (`zerotier-cli join NETWORK`), or its settings there changed.
        "zerotier-cli" => matches!(sub, "join" | "leave" | "set" | "orbit" | "deorbit"),
        _ => false,
    }
}

/// Whether a command changes the machine's mandatory access control or
/// which program a common name runs: SELinux's rules, booleans, modules
/// and file labels (`semanage port -d …`, `setsebool -P …`, `semodule -B`,
/// `restorecon -R /srv`, `chcon`), the system's alternatives
/// (`update-alternatives --set editor …`), or services restarted by
/// needrestart's automatic mode (`needrestart -r a`). Their lists and
/// dry runs only look (`semanage port -l`, `restorecon -n`,
/// `update-alternatives --display`).
fn changes_security_policy(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        "semanage" => {
            c.flag(&[
                "-a",
                "--add",
                "-d",
                "--delete",
                "-m",
                "--modify",
                "-D",
                "--deleteall",
                "-e",
                "--equal",
            ]) || sub == "import"
        }
        "setsebool" | "togglesebool" | "fixfiles" | "chcon" => !c.args().is_empty(),
        "semodule" => {
            c.flag(&[
                "-i",
                "--install",
                "-r",
                "--remove",
                "-u",
                "--upgrade",
                "-B",
                "--build",
                "-R",
                "--reload",
                "-e",
                "--enable",
                "-d",
                "--disable",
            ]) && !c.flag(&["-l", "--list-modules", "-h"])
        }
        "restorecon" => !c.flag(&["-n"]),
        "update-alternatives" | "alternatives" => c.flag(&[
            "--set",
            "--config",
            "--install",
            "--remove",
            "--remove-all",
            "--all",
            "--auto",
        ]),
        "needrestart" => c.option_values(&["-r"]).contains(&"a"),
        // The machine joined to a directory or taken out of one, or who
        // may log in to it changed (`realm join acme.corp`, `adcli join`,
        // `net ads join`): its logins are another's to grant from then on.
        "realm" => matches!(sub, "join" | "leave" | "permit" | "deny"),
        "adcli" => matches!(
            sub,
            "join"
                | "update"
                | "delete-computer"
                | "reset-computer"
                | "passwd-user"
                | "delete-user"
        ),
        "net" => {
            let ops = c.operands();
            matches!(sub, "ads" | "rpc")
                && ops
                    .get(1)
                    .is_some_and(|w| matches!(w.value.as_str(), "join" | "leave" | "password"))
        }
        // A domain's accounts and database changed by Samba's tool
        // (`samba-tool user setpassword Administrator`, `dbcheck --fix`).
        "samba-tool" => {
            let ops = c.operands();
            let what = ops.get(1).map_or("", |w| w.value.as_str());
            matches!(sub, "user" | "computer" | "group")
                && matches!(
                    what,
                    "setpassword"
                        | "password"
                        | "create"
                        | "add"
                        | "enable"
                        | "disable"
                        | "unlock"
                        | "setexpiry"
                        | "addmembers"
                        | "removemembers"
                        | "move"
                )
                || matches!(sub, "domain")
                    && matches!(what, "join" | "provision" | "demote" | "leave")
                // The domain's password policy set (`samba-tool domain
                // passwordsettings set --complexity=off`), its functional
                // level raised for good.
                || matches!(sub, "domain")
                    && matches!(
                        (what, ops.get(2).map(|w| w.value.as_str())),
                        ("passwordsettings", Some("set")) | ("level", Some("raise"))
                    )
                || sub == "dbcheck" && c.flag(&["--fix"])
        }
        _ => false,
    }
}

/// Windows's own tools told to repair or change the installed system or
/// its disks: a check that fixes (`chkdsk D: /f`, `/r`, `/x` dismounts),
/// system files and the component store repaired or changed (`sfc
/// /scannow`, `DISM /Online /Cleanup-Image /RestoreHealth`), BitLocker
/// turned off, locked or its protectors removed (`manage-bde -off C:`),
/// the boot configuration set (`bcdedit /set …`), diskpart, whose every
/// script changes disks, and EFS's `cipher` told to wipe or encrypt. Their scans, status and lists only look.
fn windows_repairs_or_settings(c: &Cmd<'_>) -> bool {
    // Asked of every command: the name is compared, not copied.
    let name = c.name.strip_suffix(".exe").unwrap_or(&c.name);
    let tool = [
        "chkdsk",
        "sfc",
        "dism",
        "manage-bde",
        "bcdedit",
        "diskpart",
        "cipher",
    ]
    .into_iter()
    .find(|t| name.eq_ignore_ascii_case(t));
    let Some(tool) = tool else {
        return false;
    };
    let says = |words: &[&str]| {
        c.values().any(|v| {
            let v = v.to_ascii_lowercase();
            words
                .iter()
                .any(|w| v == *w || v.starts_with(&format!("{w}:")))
        })
    };
    match tool {
        "chkdsk" => says(&["/f", "/r", "/x", "/b", "/spotfix", "/offlinescanandfix"]),
        "sfc" => says(&["/scannow", "/scanfile", "/revert"]),
        "dism" => says(&[
            "/restorehealth",
            "/startcomponentcleanup",
            "/add-package",
            "/remove-package",
            "/enable-feature",
            "/disable-feature",
            "/apply-image",
            "/set-edition",
            "/remove-provisionedappxpackage",
        ]),
        "manage-bde" => {
            says(&[
                "-off",
                "-on",
                "-lock",
                "-pause",
                "-forcerecovery",
                "-changekey",
                "-protectors",
            ]) && !says(&["-get"])
        }
        "bcdedit" => !c.args().is_empty() && !says(&["/enum", "/v", "/?"]),
        "diskpart" => true,
        // EFS: free space overwritten (`cipher /w:D:\\`), files encrypted
        // or decrypted in place, keys made or changed.
        "cipher" => says(&["/w", "/e", "/d", "/k", "/r", "/u", "/x"]),
        _ => false,
    }
}

/// Whether auditctl only lists its rules or shows its status (`-l`, `-s`,
/// `-l -k KEY`).
fn auditctl_only_looks(c: &Cmd<'_>) -> bool {
    let args = c.args();
    !args.is_empty()
        && args.iter().enumerate().all(|(i, w)| {
            matches!(
                w.value.as_str(),
                "-l" | "-s" | "-v" | "-h" | "--help" | "-k" | "-i"
            ) || i > 0 && args[i - 1].value == "-k"
        })
}

/// A system controller, any program named `…ctl`, told to set, stop,
/// restart, reload, enable, disable or block something (`localectl
/// set-keymap us`, `powerprofilesctl set performance`, `brightnessctl set
/// 0`, `rabbitmqctl stop_app`, `networkctl reload`): what a daemon does
/// for the whole machine changes, whatever the daemon is. Its `status`,
/// `list`, `get`, `show` and `start` (what only adds) stay clear, and so
/// does attaching to what runs (`kubectl attach`).
fn controller_changes_state(c: &Cmd<'_>, sub: &str) -> bool {
    const CHANGES: &[&str] = &[
        "set",
        "stop",
        "restart",
        "reload",
        "enable",
        "disable",
        "mask",
        "unmask",
        "block",
        "unblock",
        "kill",
        "suspend",
        "hibernate",
        "isolate",
        "halt",
        "off",
        "down",
        "detach",
        "reset",
        "poweroff",
        "reboot",
        "quit",
        "freeze",
        "reconfig",
    ];
    let name = c.name.strip_suffix(".exe").unwrap_or(&c.name);
    // Also a daemon's `…-control` (`unbound-control stop`, `nsd-control
    // reload`, `pdns_control quit`) and BIND's `rndc`.
    (name.len() > 3 && name.ends_with("ctl")
        || name.ends_with("-control")
        || name.ends_with("_control")
        || name == "rndc")
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && (matches!(sub, "force-reload" | "try-restart" | "power-off")
            || sub
                .split(['-', '_'])
                .next()
                .is_some_and(|v| CHANGES.contains(&v)))
}

/// macOS's machine settings: power (`pmset -a sleep 0`, `pmset
/// sleepnow`; `-g` only shows), the settings `systemsetup -set…` writes
/// (`-setremotelogin on`), firmware variables (`nvram boot-args=-v`,
/// `nvram -d`, `-c`; `-p` prints), the start-up disk (`bless --setBoot`;
/// `--info` shows), kernel extensions loaded or unloaded (`kextload`,
/// `kmutil load`), the radios of Linux turned off (`rfkill block all`).
fn macos_machine_settings(c: &Cmd<'_>, sub: &str) -> bool {
    let values = || c.args().iter().map(|w| w.value.to_ascii_lowercase());
    match c.name.as_str() {
        "pmset" => !c.args().is_empty() && !c.flag(&["-g"]),
        "systemsetup" => values().any(|v| v.starts_with("-set")),
        "nvram" => {
            c.flag(&["-d", "-c", "-f"]) || c.operands().iter().any(|w| w.value.contains('='))
        }
        "bless" => !c.args().is_empty() && !c.flag(&["--info", "--getboot", "--help"]),
        "kextload" | "kextunload" => true,
        "kmutil" => matches!(sub, "load" | "unload" | "install"),
        "rfkill" => matches!(sub, "block" | "unblock" | "toggle"),
        _ => false,
    }
}

/// The service managers of other systems told to start, stop, enable or
/// disable a service: Solaris's `svcadm`, OpenRC's `rc-service` and
/// `rc-update`, runit's `sv`, OpenBSD's `rcctl`, FreeBSD's `sysrc` (a
/// setting written to `rc.conf`), SysV's `update-rc.d` and `chkconfig`,
/// Home Assistant's supervisor (`ha core restart`, `ha host reboot`).
/// What only lists or prints asks nothing.
fn other_service_managers(c: &Cmd<'_>, sub: &str) -> bool {
    let second = c.operands().get(1).map_or("", |w| w.value.as_str());
    c.name == "svcadm" && !sub.is_empty()
        || c.name == "rc-service" && !second.is_empty() && !matches!(second, "status" | "describe")
        || c.name == "rc-update" && matches!(sub, "add" | "del" | "delete")
        || c.name == "sv" && !sub.is_empty() && !matches!(sub, "status" | "s" | "check")
        // s6's service supervisor told to stop, signal or restart a
        // service (`s6-svc -d /run/service/nginx`).
        || c.name == "s6-svc" && !c.args().is_empty() && !c.flag(&["-h", "--help"])
        || c.name == "s6-rc" && !matches!(sub, "" | "list" | "listall" | "diff" | "help")
        || c.name == "rcctl" && !sub.is_empty() && !matches!(sub, "get" | "getdef" | "ls" | "check")
        || c.name == "sysrc" && c.operands().iter().any(|w| w.value.contains('='))
        || c.name == "update-rc.d" && !sub.is_empty() && !c.flag(&["-n"])
        || c.name == "chkconfig" && (!second.is_empty() || c.flag(&["--add", "--del", "--level"]))
        || c.name == "ha"
            && matches!(sub, "core" | "host" | "os" | "supervisor")
            && matches!(
                second,
                "restart" | "stop" | "reboot" | "shutdown" | "update" | "rebuild"
            )
}
