//! The machine's disks: their partition tables and volumes changed, or a
//! whole disk erased (`sgdisk --zap-all`, `lvremove`, `diskutil
//! eraseDisk`, `asr restore`).

use super::super::cmd::Cmd;

/// Whether every option sgdisk is given only shows the table, a
/// partition, the MBR or the types, verifies it, or copies the table
/// out to a file (`sgdisk -p /dev/sda`, `-i 2`, `-b table.bak`).
fn sgdisk_only_shows(c: &Cmd<'_>) -> bool {
    c.args()
        .iter()
        .filter(|w| w.value.starts_with('-'))
        .all(|w| {
            matches!(
                w.value.split('=').next().unwrap_or(""),
                "-p" | "--print"
                    | "-i"
                    | "--info"
                    | "-v"
                    | "--verify"
                    | "-L"
                    | "--list-types"
                    | "-O"
                    | "--print-mbr"
                    | "-b"
                    | "--backup"
                    | "-D"
                    | "--display-alignment"
                    | "-V"
                    | "--version"
                    | "-?"
                    | "--help"
                    | "--usage"
            )
        })
}

/// Whether a command changes disk partitions, volumes, pools or
/// encryption (`fdisk`, `parted`, `cryptsetup`, `zpool`, `diskutil
/// eraseDisk`), rather than listing them.
pub(crate) fn changes_partitions(c: &Cmd<'_>) -> bool {
    let editor = matches!(
        c.name.as_str(),
        "fdisk"
            | "sfdisk"
            | "gdisk"
            | "sgdisk"
            | "cfdisk"
            | "parted"
            | "cryptsetup"
            | "lvremove"
            | "vgremove"
            | "pvremove"
            | "lvcreate"
            | "zpool"
            | "zfs"
    );
    // Asked only of an editor: most commands are none.
    let lists = || {
        // sgdisk's `-d` deletes a partition and `-l` loads a table: only
        // its showing options show.
        if c.name == "sgdisk" {
            return sgdisk_only_shows(c) || super::super::dryrun::rehearses_as(&c.name, c.args());
        }
        c.flag(&["-l", "--list", "-p", "--print", "-d", "--dump", "--json", "-J"])
        || (matches!(c.name.as_str(), "zfs" | "zpool") && c.flag(&["-n"]))
        // `parted DEV print` only shows the table.
        || (c.name == "parted"
            && c.operands().iter().skip(1).all(|w| {
                matches!(
                    w.value.as_str(),
                    "print" | "unit" | "s" | "B" | "kB" | "MB" | "GB" | "TB" | "KiB" | "MiB"
                        | "GiB" | "TiB" | "%" | "cyl" | "chs" | "compact" | "free" | "all"
                        | "list" | "help"
                )
            }))
        || (matches!(c.name.as_str(), "zpool" | "zfs")
            && c.operands()
                .first()
                .is_some_and(|w| {
                    matches!(
                        w.value.as_str(),
                        "list" | "status" | "get" | "iostat" | "history" | "events" | "version"
                            | "holds" | "diff" | "userspace" | "groupspace" | "projectspace"
                    )
                }))
        || super::super::dryrun::cryptsetup_only_shows(&c.name, c.args())
        // `sgdisk --pretend`: the change is shown, not written.
        || super::super::dryrun::rehearses_as(&c.name, c.args())
    };
    editor && !lists()
        || lvm_changes(c)
        || diskutil_erases(c)
        // macOS's restore of a disk image onto a volume or disk, over what
        // was there (with `--erase`, the whole target first).
        || (c.name == "asr" && asr_restores(c))
}

/// Whether an LVM tool changes volumes, groups or physical volumes
/// (`lvconvert --merge` rolls a volume back to its snapshot, `lvreduce`
/// cuts what is past the new end); `--test` changes nothing. Their `-l`
/// and `-p` are extents and permissions, not listings.
fn lvm_changes(c: &Cmd<'_>) -> bool {
    matches!(
        c.name.as_str(),
        "lvreduce"
            | "lvresize"
            | "lvextend"
            | "lvconvert"
            | "lvrename"
            | "lvchange"
            | "vgchange"
            | "vgcreate"
            | "vgextend"
            | "vgrename"
            | "vgmerge"
            | "vgsplit"
            | "vgreduce"
            | "pvcreate"
            | "pvresize"
            | "pvchange"
            | "pvmove"
    ) && !super::super::dryrun::rehearses_as(&c.name, c.args())
}

/// Whether `diskutil` is told to erase, zero or repartition (`eraseDisk`,
/// `eraseVolume`, `zeroDisk`, `randomDisk`, `secureErase`,
/// `partitionDisk`, `reformat`; its verbs are read in any case).
fn diskutil_erases(c: &Cmd<'_>) -> bool {
    c.name == "diskutil"
        && c.operands().first().is_some_and(|w| {
            let s = w.value.to_ascii_lowercase();
            s.starts_with("erase")
                || s.starts_with("partition")
                || s.starts_with("reformat")
                || s == "zerodisk"
                || s == "randomdisk"
                || s == "secureerase"
        })
}

/// Whether `asr` restores onto a target: `asr restore`, `restoreexact`,
/// or the old form with no verb (`asr -source x -target y`).
fn asr_restores(c: &Cmd<'_>) -> bool {
    match c.operands().first().map(|w| w.value.as_str()) {
        Some("restore" | "restoreexact") => true,
        _ => !c.option_values(&["--target", "-target", "-t"]).is_empty(),
    }
}

/// A whole disk as macOS's tools name it (see `Place::is_mac_whole_disk`).
fn is_whole_disk(c: &Cmd<'_>, value: &str) -> bool {
    c.ctx.is_mac_whole_disk(value)
}

/// Whether a command erases, zeroes or repartitions a whole disk on
/// macOS: `diskutil eraseDisk … disk2` and the other erasing verbs given
/// a whole disk, `asr restore --erase` onto one; anywhere, a new
/// partition table written over a disk's. Every volume on it is gone, the
/// system's own when it is the boot disk.
pub(crate) fn erases_whole_disk(c: &Cmd<'_>) -> bool {
    if diskutil_erases(c) {
        return c
            .operands()
            .iter()
            .skip(1)
            .any(|w| is_whole_disk(c, &w.value));
    }
    if c.name == "asr" {
        return asr_restores(c)
            && c.flag(&["--erase", "-erase"])
            && c.option_values(&["--target", "-target", "-t"])
                .iter()
                .any(|t| is_whole_disk(c, t));
    }
    // A new, empty partition table written over a disk's (`parted -s
    // /dev/sda mklabel gpt`, `sgdisk --zap-all /dev/sdb`): every volume
    // it held is gone, as after `wipefs -a`.
    let disk = || {
        c.operands()
            .iter()
            .any(|w| super::super::place::is_disk(&c.ctx.resolve(&w.value)))
    };
    // PowerShell's `Clear-Disk -Number 1 -RemoveData`, and diskpart fed
    // `clean` for the disk it selected (`clean all` zeroes it).
    match c.name.as_str() {
        "pwsh" | "powershell" | "pwsh.exe" | "powershell.exe" => {
            return c
                .args()
                .iter()
                .any(|w| super::super::windows_code::powershell_erases_disk(&w.value));
        }
        "diskpart" | "diskpart.exe" => {
            return c.command.stdin_text.as_deref().is_some_and(|t| {
                let t = t.to_ascii_lowercase();
                t.contains("select disk") && t.lines().any(|l| l.trim().starts_with("clean"))
            });
        }
        _ => {}
    }
    match c.name.as_str() {
        // The BSDs' and macOS's `gpt destroy /dev/disk2`: the table gone,
        // every partition with it.
        "gpt" => c.operands().first().is_some_and(|w| w.value == "destroy") && disk(),
        "parted" => {
            c.operands().iter().skip(1).any(|w| {
                w.value.eq_ignore_ascii_case("mklabel") || w.value.eq_ignore_ascii_case("mktable")
            }) && disk()
        }
        "sgdisk" => {
            c.flag(&["-Z", "--zap-all", "-z", "--zap", "-o", "--clear"])
                && !super::super::dryrun::rehearses_as(&c.name, c.args())
                && disk()
        }
        // sfdisk told to write a new label (`printf 'label: gpt\n' |
        // sfdisk /dev/sda`, `--wipe always`) or to delete every partition
        // (`--delete /dev/sda` with no numbers). Its listings, one
        // partition's changes and its rehearsal are not.
        "sfdisk" => {
            const NOT_THE_TABLE: &[&str] = &[
                "-l",
                "--list",
                "-d",
                "--dump",
                "-J",
                "--json",
                "-s",
                "--show-size",
                "-g",
                "--show-geometry",
                "-V",
                "--verify",
                "-N",
                "--partno",
                "-A",
                "--activate",
                "-r",
                "--reorder",
                "-F",
                "--list-free",
                "--part-type",
                "--part-uuid",
                "--part-label",
                "--part-attrs",
                "--disk-id",
                "--relocate",
                "-n",
                "--no-act",
                "-a",
                "--append",
                "--backup-pt-sectors",
            ];
            // Its options that take a value (`--wipe always`): the value
            // is no device nor partition number.
            let values = c.option_values(&[
                "--wipe",
                "-w",
                "--wipe-partitions",
                "-W",
                "-X",
                "--label",
                "-Y",
                "--label-nested",
                "-O",
                "--backup-file",
                "-o",
                "--output",
                "--sector-size",
                "--lock",
                "--color",
            ]);
            let one_disk = c
                .operands()
                .iter()
                .filter(|w| !values.contains(&w.value.as_str()))
                .count()
                == 1
                && disk();
            let deletes_all = c.flag(&["--delete"]);
            let new_label = c
                .command
                .stdin_text
                .as_deref()
                .is_some_and(|t| t.contains("label:"))
                || c.option_values(&["--wipe", "-w"]).contains(&"always");
            one_disk && (deletes_all || new_label && !c.flag(NOT_THE_TABLE))
        }
        _ => false,
    }
}
