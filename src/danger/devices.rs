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
}
