//! Programs that write firmware or flash a device (`esptool write_flash`,
//! `dfu-util -D`, `fastboot flash`): every use but a look is an update
//! rolled out to hardware. Read from the program's name and words alone.

use crate::parse::Word;
use crate::parse::programs::{has_flag, option_values};

/// Whether `name` is a flasher, and if so whether its words write the
/// device: `None` for any other program; `Some(false)` for a look (a
/// list, a read, a verify, OpenOCD only debugging).
pub(super) fn writes_firmware(name: &str, args: &[Word]) -> Option<bool> {
    // Or a vendor's updater named for what it does
    // (`BlackmagicFirmwareUpdater update 0`, `mlnx-firmware-upgrade`).
    // (The set first: asked of every command.)
    let named = || {
        name.len() > 12
            && name.contains("firmware")
            && ["updat", "upgrad", "flash"]
                .iter()
                .any(|v| name.contains(v))
    };
    if !FLASHERS_SET.contains(name) && !named() {
        return None;
    }
    // (A vendor's updater's `status`, as its first word.)
    let looks = says_a_look(args)
        || args.first().is_some_and(|w| w.value == "status") && named()
        || avrdude_reads(name, args)
        || openocd_only_debugs(name, args)
        // dfu-util's `-U FILE` reads the device into a file (an upload,
        // in DFU's words), when nothing is downloaded to it.
        || name == "dfu-util"
            && has_flag(args, &["-U", "--upload"])
            && !has_flag(args, &["-D", "--download", "-e", "--detach"])
        // sysupgrade's `-T` only tests the image; `-l` lists what it keeps.
        || name == "sysupgrade" && has_flag(args, &["-T", "--test"])
        // flashrom told to read or verify the chip, and not to write or
        // erase it.
        || name == "flashrom"
            && has_flag(args, &["-r", "--read", "-v", "--verify"])
            && !has_flag(args, &["-w", "--write", "-E", "--erase"])
        || fpga_looks(name, args);
    Some(!looks)
}

/// [`FLASHERS`], asked of every command: one hashed look-up.
static FLASHERS_SET: crate::util::NameSet<{ crate::util::slots_for(FLASHERS.len()) }> =
    crate::util::NameSet::new(FLASHERS);

/// Programs that write firmware or flash a device: every use but a look
/// asks.
const FLASHERS: &[&str] = &[
    "dfu-util",
    "fwupdmgr",
    "fwupdtool",
    "esptool",
    "esptool.py",
    "avrdude",
    "flashrom",
    "st-flash",
    "picotool",
    "teensy_loader_cli",
    "heimdall",
    "fastboot",
    "openocd",
    "uuu",
    "rpiboot",
    // Microcontroller programmers: they write (and `--recover`, `erase`,
    // wipe) the chip's flash.
    "nrfjprog",
    "pyocd",
    "probe-rs",
    "jlinkexe",
    "stm32flash",
    "st-util",
    "bossac",
    "mspdebug",
    "dfu-programmer",
    // A router's or board's own firmware and boot settings: OpenWrt's
    // image written over the running system (`sysupgrade -n fw.bin`, its
    // `-n` drops the settings, no rehearsal), its flash partitions
    // written (`mtd write fw.bin firmware`), U-Boot's environment, which
    // says what boots (`fw_setenv bootcmd 'run netboot'`), and the Linux
    // flash tools (`flashcp`, `nandwrite`, `flash_erase`, `ubiformat`).
    "sysupgrade",
    "mtd",
    "fw_setenv",
    "flashcp",
    "nandwrite",
    "flash_erase",
    "flash_eraseall",
    "ubiformat",
    "ubiupdatevol",
    // UBI volumes made, removed or resized on the flash (`ubirmvol
    // /dev/ubi0 -N data`).
    "ubimkvol",
    "ubirmvol",
    "ubirsvol",
    // ST's programmer (`STM32_Programmer_CLI -c port=SWD -w app.hex`).
    "stm32_programmer_cli",
    // FPGA boards' configuration flash: Lattice's iCE40 and ECP5
    // programmers, the vendor-neutral loader (`openFPGALoader -f` writes
    // the flash), Intel's programmer, Xilinx's Alveo cards' shell
    // (`xbmgmt program --base`), Digilent's.
    "iceprog",
    "ecpprog",
    "openfpgaloader",
    "quartus_pgm",
    "xbmgmt",
    "djtgcfg",
];

/// Whether an FPGA programmer only looks: iceprog's and ecpprog's check,
/// read or test of the flash (`-c`, `-r`, `-t`; `-n` only skips the erase
/// before a write); the loader's scans and listings; Intel's programmer
/// told only to verify or blank-check (`-o "v;top.pof"`, where `p`
/// programs and `e` erases); the Alveo shell examined.
fn fpga_looks(name: &str, args: &[Word]) -> bool {
    match name {
        "iceprog" | "ecpprog" => has_flag(args, &["-c", "-r", "-R", "-t"]),
        "openfpgaloader" => args.iter().any(|w| {
            matches!(
                w.value.as_str(),
                "--detect" | "--scan-usb" | "--list-boards" | "--list-cables" | "--list-fpga"
            )
        }),
        "quartus_pgm" => {
            let ops = option_values(args, &["-o"]);
            !ops.is_empty()
                && ops.iter().all(|op| {
                    let letters = op.split(';').next().unwrap_or_default();
                    !letters.is_empty()
                        && letters
                            .bytes()
                            .all(|b| matches!(b, b'v' | b'b' | b'V' | b'B'))
                })
        }
        "xbmgmt" => args.first().is_some_and(|w| w.value == "examine"),
        _ => false,
    }
}

/// Whether the flasher's action is one of [`FLASHER_READS`]: the first
/// word that is neither an option nor an option's value (or the one after
/// a noun such as `probe-rs chip list`). A look word anywhere else is an
/// operand (`fwupdmgr install x.cab version`). And a tool's modes can be
/// chained, so a look is believed only when no acting word comes with it
/// (`dfu-util -l -D fw.bin` downloads, as `-D fw.bin -l` does; fastboot runs
/// its words as a sequence of commands: `fastboot getvar all flash boot
/// b.img`).
fn says_a_look(args: &[Word]) -> bool {
    let mut after_option = false;
    let mut noun = false;
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if FLASHER_READS.contains(&v) {
            // (Before it too: `dfu-util -D fw.bin -l` downloads, `-w
            // app.hex -ob displ` writes, whatever is shown after.)
            return !args
                .iter()
                .enumerate()
                .any(|(j, w)| j != i && FLASHER_ACTS.contains(&w.value.as_str()));
        }
        if v.starts_with('-') {
            after_option = !v.contains('=');
        } else if after_option {
            after_option = false;
        } else if !noun && matches!(v, "chip" | "board" | "target" | "device" | "probe") {
            noun = true;
        } else {
            return false;
        }
    }
    false
}

/// What acts when it follows a look: a mode that writes or erases the
/// device, or one of fastboot's writing commands.
const FLASHER_ACTS: &[&str] = &[
    "-D",
    "--download",
    "-w",
    "--write",
    "-E",
    "--erase",
    "-e",
    "--erase-all",
    "write_flash",
    "erase_flash",
    "erase_region",
    "flash",
    "flashall",
    "flashing",
    "erase",
    "format",
    "update",
    "oem",
    "boot",
    "set_active",
    "install",
    "load",
    "download",
    "program",
];

/// What a flasher does when it only looks.
const FLASHER_READS: &[&str] = &[
    "-l",
    "--list",
    "get-devices",
    "get-updates",
    "get-history",
    "devices",
    "info",
    "--probe",
    "version",
    "chip_id",
    "flash_id",
    "read_mac",
    "getvar",
    "--ids",
    "--readcode",
    "--memrd",
    "--readregs",
    "list",
    "read_flash",
    "verify_flash",
    "image_info",
    // ST's programmer's option bytes shown (`-ob displ`).
    "displ",
];

/// Whether OpenOCD is only started as a debugger, or told commands that
/// do not write the chip (`-c 'init; targets; shutdown'`): no `-c` holds a
/// flash write or erase, and every `-f` file is one of its own stock
/// configurations (`board/…`, `interface/…`, `target/…`), not a script
/// that may flash.
fn openocd_only_debugs(name: &str, args: &[Word]) -> bool {
    const WRITES: &[&str] = &[
        "program",
        "flash",
        "write_image",
        "load_image",
        "erase",
        "unlock",
        "mww",
        "mwb",
        "mwh",
    ];
    // `flash`'s own looks (`flash erase_check 0` reads which sectors are
    // blank, `flash info 0`, `flash banks`).
    const FLASH_LOOKS: &[&str] = &[
        "info",
        "banks",
        "list",
        "probe",
        "erase_check",
        "protect_check",
        "read_bank",
        "verify_bank",
        "verify_image",
    ];
    name == "openocd"
        && option_values(args, &["-c", "--command"])
            .iter()
            .flat_map(|code| code.split([';', '\n']))
            .all(|command| {
                let mut words = command
                    .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                    .filter(|w| !w.is_empty());
                let first = words.next();
                let second = words.next();
                // (Not with a command substituted into its words: `flash
                // info 0 [program fw.elf]` runs the program.)
                if first == Some("flash")
                    && second.is_some_and(|s| FLASH_LOOKS.contains(&s))
                    && !command.contains('[')
                {
                    return true;
                }
                ![first, second]
                    .into_iter()
                    .flatten()
                    .chain(words)
                    .any(|w| WRITES.contains(&w) || w.ends_with("_erase") || w.ends_with("_write"))
            })
        && option_values(args, &["-f", "--file"]).iter().all(|f| {
            ["board/", "interface/", "target/", "chip/", "cpld/"]
                .iter()
                .any(|d| f.starts_with(d))
        })
}

/// Whether avrdude only reads or verifies the chip: every `-U
/// memory:op:file` reads (`r`) or verifies (`v`), and no `-e` (erase) or
/// `-t` (a terminal that can write) is asked for. A bare `-U file` writes
/// flash.
fn avrdude_reads(name: &str, args: &[Word]) -> bool {
    let ops = option_values(args, &["-U"]);
    name == "avrdude"
        && !ops.is_empty()
        && !has_flag(args, &["-e", "-t"])
        && ops
            .iter()
            .all(|v| matches!(v.split(':').nth(1), Some("r" | "v")))
}
