//! Whole devices written by a program whose own words say it writes
//! them: a flasher, eraser, formatter or imager of any name given a disk
//! or flash device, where no table lists the program. The refusal's
//! reading for any tool, beside the named writers (`dd`, `mkfs`, `shred`).

use super::cmd::Cmd;

/// Whether a program whose name or first words say it flashes, erases,
/// formats, burns or writes is given a whole disk or flash device, as an
/// operand or an option's value (`flash_erase /dev/mtd0 0 0`, `ubiformat
/// /dev/mtd4 -y`, `balena local flash os.img --drive /dev/sdd`,
/// `rpi-imager --cli os.img.xz /dev/mmcblk0`): what the device held is
/// gone, whatever the tool is called. `disk` says whether a word names a
/// disk device. Read-only disk tools name no such verb; a rehearsal writes
/// nothing.
pub(super) fn flashes_a_disk(c: &Cmd<'_>, disk: impl Fn(&str) -> bool) -> bool {
    if restores_over_a_disk(c, &disk) {
        return true;
    }
    const SAYS: &[&str] = &[
        "flash", "erase", "format", "imager", "etcher", "burn", "wipe", "write",
    ];
    // Most commands name no disk: asked first, before any word is read.
    let names_a_disk = || {
        c.args().iter().any(|w| {
            let v = w.value.as_str();
            let v = match v.split_once('=') {
                Some((opt, value)) if opt.starts_with('-') => value,
                _ => v,
            };
            disk(v)
        })
    };
    let says = |w: &str| {
        SAYS.iter().any(|s| {
            w.as_bytes()
                .windows(s.len())
                .any(|part| part.eq_ignore_ascii_case(s.as_bytes()))
        })
    };
    // wipefs's own rule reads it (without `-a` it only lists).
    !c.is(&["wipefs"])
        && names_a_disk()
        && (says(&c.name) || c.operands().iter().take(2).any(|w| says(&w.value)))
        && !super::dryrun::rehearses_as(&c.name, c.args())
}

/// Whether a disk imager writes a saved image over a disk: partclone
/// with a device for its output, whatever its mode (`partclone.ext4 -r -s
/// img -o /dev/sda2`, `-b`; a clone written there is written over it),
/// Clonezilla's `ocs-sr … restoredisk IMAGE sda` (its disks named without
/// `/dev/`, as `restoreparts … sda2`; `ask_user` asks for one).
fn restores_over_a_disk(c: &Cmd<'_>, disk: &impl Fn(&str) -> bool) -> bool {
    if c.name.starts_with("partclone.") {
        return c
            .option_values(&["-o", "--output", "-O", "--overwrite"])
            .iter()
            .any(|v| disk(v));
    }
    if c.name == "ocs-sr" {
        let ops = c.operands();
        return ops
            .iter()
            .position(|w| matches!(w.value.as_str(), "restoredisk" | "restoreparts"))
            .is_some_and(|at| {
                ops.get(at + 2..).unwrap_or_default().iter().any(|w| {
                    let v = w.value.as_str();
                    disk(v) || !v.contains('/') && disk(&format!("/dev/{v}"))
                })
            });
    }
    false
}

/// Whether a command only reads the tape it names: tar listing,
/// comparing or unpacking an archive from it (`tar -tvf /dev/nst0`), cpio
/// copying in, mt moving or asking about it (`mt -f /dev/nst0 status`),
/// dd copying from it. What a tape holds is an archive someone wrote, not
/// this machine's files under their permissions, so reading it shows no
/// more than a backup file does; writing it (`tar -c`, `mt erase`, `dd
/// of=`, a redirect onto it) overwrites the backups it holds. Any other
/// program given a tape may write it.
pub(super) fn only_reads_a_tape(c: &Cmd<'_>, is_tape: impl Fn(&str) -> bool) -> bool {
    use crate::parse::RedirectOp;
    let onto_tape = c
        .redirects()
        .iter()
        .any(|r| r.op != RedirectOp::Read && is_tape(&r.target.value));
    if onto_tape {
        return false;
    }
    let args = c.args();
    // A tape named anywhere but as the archive read (`-f DEV`, `-tvf
    // DEV`, `--file=DEV`; `letters` are the archive's short options) may
    // be written (`tar -tvf /dev/nst0 --index-file=/dev/st1`).
    // The letters of an option bundle (`-tvf`), or of tar's old form
    // (`tar tf /dev/st0`), at `i` among the words.
    fn letters(i: usize, v: &str) -> Option<&str> {
        match v.strip_prefix('-') {
            Some(rest) if !rest.starts_with('-') => Some(rest),
            None if i == 0 => Some(v),
            _ => None,
        }
    }
    let tape_elsewhere = |archive: &[char]| {
        args.iter().enumerate().any(|(i, w)| {
            let v = w.value.as_str();
            let archive_value = v.starts_with("--file=")
                || i.checked_sub(1).is_some_and(|p| {
                    let b = args[p].value.as_str();
                    b == "--file" || letters(p, b).is_some_and(|l| l.ends_with(archive))
                });
            let named = v.split_once('=').map_or(v, |(_, value)| value);
            is_tape(named) && !archive_value
        })
    };
    let modes = |reads: &[char], writes: &[char], long_reads: &[&str], long_writes: &[&str]| {
        let mut read = false;
        for (i, w) in args.iter().enumerate() {
            let v = w.value.as_str();
            if v == "--" {
                break;
            }
            let long = v.split('=').next().unwrap_or(v);
            if long_writes.contains(&long) {
                return false;
            }
            read |= long_reads.contains(&long);
            if let Some(l) = letters(i, v) {
                if l.contains(writes) {
                    return false;
                }
                read |= l.contains(reads);
            }
        }
        read
    };
    match c.name.as_str() {
        "tar" | "gtar" | "bsdtar" if tape_elsewhere(&['f']) => false,
        "cpio" if tape_elsewhere(&['F', 'I']) => false,
        "tar" | "gtar" | "bsdtar" => modes(
            &['t', 'x', 'd'],
            &['c', 'r', 'u', 'A'],
            &["--list", "--extract", "--get", "--diff", "--compare"],
            &[
                "--create",
                "--append",
                "--update",
                "--delete",
                "--catenate",
                "--concatenate",
            ],
        ),
        "cpio" => modes(
            &['i', 't'],
            &['o', 'p'],
            &["--extract", "--list"],
            &["--create", "--pass-through"],
        ),
        "mt" | "mt-st" | "mt-gnu" => {
            const MOVES: &[&str] = &[
                "status",
                "tell",
                "rewind",
                "fsf",
                "fsfm",
                "bsf",
                "bsfm",
                "fsr",
                "bsr",
                "eod",
                "seod",
                "asf",
                "offline",
                "rewoffl",
                "eject",
                "load",
                "retension",
            ];
            let ops: Vec<&str> = c
                .operands()
                .iter()
                .map(|w| w.value.as_str())
                .filter(|v| !v.starts_with('/') && !v.bytes().all(|b| b.is_ascii_digit()))
                .collect();
            !ops.is_empty() && ops.iter().all(|v| MOVES.contains(v))
        }
        "dd" => !args
            .iter()
            .any(|w| w.value.strip_prefix("of=").is_some_and(&is_tape)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::on;

    #[test]
    fn images_restored_over_a_disk() {
        let disk = |v: &str| v.starts_with("/dev/sd") || v.starts_with("/dev/nvme");
        for (line, over) in [
            ("partclone.ext4 -r -s img -o /dev/sda2", true),
            ("partclone.ext4 -c -s img -O /dev/sda2", true),
            ("partclone.ext4 -c -s /dev/sda2 -o images/sda2.img", false),
            ("ocs-sr restoredisk img sda", true),
            (
                "ocs-sr -g auto -p reboot restoreparts lab-2024 nvme0n1p2",
                true,
            ),
            ("ocs-sr -p true restoredisk lab-2024 ask_user", false),
            ("ocs-sr -q2 -p true savedisk lab-2024 sda", false),
            ("echo restoredisk img sda", false),
        ] {
            assert_eq!(on(line, |c| restores_over_a_disk(c, &disk)), over, "{line}");
        }
    }

    #[test]
    fn tapes_only_read() {
        let tape = |v: &str| v.starts_with("/dev/nst") || v.starts_with("/dev/st");
        for (line, reads) in [
            ("tar -tvf /dev/nst0", true),
            ("tar xf /dev/st0 -C /restore", true),
            ("tar --list --file=/dev/nst0", true),
            ("tar -cvf /dev/nst0 /srv", false),
            ("tar -rvf /dev/nst0 /srv", false),
            ("tar --create -f /dev/nst0 /srv", false),
            ("tar -Af /dev/nst0 more.tar", false),
            ("tar -xvf /dev/nst0 > /dev/st1", false),
            ("tar -f /dev/nst0", false),
            ("tar -f /dev/nst0 --exclude=x", false),
            ("cpio -idv < /dev/nst0", true),
            ("cpio -ov > /dev/nst0", false),
            ("cpio -t --pass-through", false),
            ("mt -f /dev/nst0 status", true),
            ("mt -f /dev/nst0 fsf 2", true),
            ("mt -f /dev/nst0 erase", false),
            ("mt -f /dev/nst0 rewind weof", false),
            ("mt -f /dev/nst0", false),
            ("dd if=/dev/nst0 of=x.tar", true),
            ("dd if=x.tar of=/dev/nst0", false),
            ("mkltfs -d /dev/nst0", false),
            ("tar -tvf /dev/nst0 --index-file=/dev/st1", false),
            ("tar -t -f /dev/nst0 -C /dev/st1", false),
            ("tar -t --file /dev/nst0", true),
            ("cpio -it -F /dev/nst0", true),
            ("cpio -it -F /dev/nst0 -O /dev/st1", false),
        ] {
            assert_eq!(on(line, |c| only_reads_a_tape(c, tape)), reads, "{line}");
        }
    }
}
