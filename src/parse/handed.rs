//! The commands fleet and release tools are handed, walked as the
//! commands they are: an ad-hoc `ansible` run's and its network
//! modules' device commands, Salt's command module, rancid's router
//! logins and FRRouting's shell, fastlane's `sh` action, Bolt's, Zowe's
//! and Teleport's remote lines.
//!
//! The threat this stops: a command handed to such a tool is only an
//! argument to it, yet it runs, often on every host the tool names
//! (`salt '*' cmd.run 'rm -rf /'`); read as the command, on the far side
//! where it runs there, it is judged as ssh's command is.

use super::fleet::{
    ansible_command, ansible_device_commands, ansible_runs_here, bolt_command, fastlane_sh,
    rancid_commands, salt_call_command, tsh_command, zowe_uss_command,
};
use super::walker::Walker;
use super::{Origin, Word, programs};

/// Where among a tool's words the command it was handed stood: those
/// words are walked as that command, not read again as a guess.
#[derive(Default)]
pub(super) struct Handed {
    at: Vec<usize>,
    /// Every word from here on (Teleport's `tsh ssh host cmd…`).
    from: Option<usize>,
}

impl Handed {
    pub(super) fn holds(&self, i: usize) -> bool {
        self.at.contains(&i) || self.from.is_some_and(|f| i >= f)
    }
}

impl Walker {
    /// Walks the command a fleet or release tool is handed as the
    /// command it runs, on this machine or on the hosts it names (there,
    /// as ssh's command is: the catastrophic is refused, a change is
    /// another machine's).
    pub(super) fn fleet_lines(&mut self, name: &str, args: &[Word], depth: u8) -> Handed {
        let mut handed = Handed::default();
        let walk = |w: &mut Self, text: &str, far: bool| {
            let from = w.script.commands.len();
            w.source(text, Origin::ShellString, depth);
            if far {
                w.on_far_side(from, name);
            }
        };
        // An ad-hoc ansible run's command, which every host it names runs
        // (`ansible stores -b -m shell -a 'find /srv -mindepth 1 -delete'`
        // empties /srv on the whole fleet; `-a 'rm /srv/x.html'` changes
        // each), unless the host is this one; a network module's device
        // commands, each router's own line (`junos_command -a
        // "commands='request system zeroize'"`).
        if name == "ansible" {
            let far = !ansible_runs_here(args);
            if let Some((at, text)) = ansible_command(args) {
                walk(self, text, far);
                handed.at.push(at);
            }
            if let Some((at, text)) = ansible_device_commands(args) {
                walk(self, &text, true);
                handed.at.push(at);
            }
        }
        // The device commands rancid's logins run (`clogin -c 'reload in
        // 1' rtr1`).
        if programs::is_router_login(name)
            && let Some((at, text)) = rancid_commands(args)
        {
            walk(self, &text, true);
            handed.at.push(at);
        }
        // FRRouting's shell runs each `-c` as a command of this machine's
        // routing daemons (`vtysh -c 'clear ip bgp *'`).
        if name == "vtysh" {
            for (i, w) in args.iter().enumerate() {
                if w.value == "-c"
                    && let Some(text) = args.get(i + 1).filter(|t| t.literal)
                {
                    walk(self, &text.value, false);
                    handed.at.push(i + 1);
                }
            }
        }
        // Salt's command module: salt-call runs it on the minion it is
        // called on, this machine (`salt-call --local cmd.run 'rm -rf
        // /opt'`); the master's `salt` and `salt-ssh` on every minion
        // they target. Either way the shell line is run, not a guess.
        if matches!(name, "salt-call" | "salt" | "salt-ssh")
            && let Some((at, text)) = salt_call_command(args)
        {
            walk(self, text, name != "salt-call");
            handed.at.push(at);
        }
        // fastlane's `sh` action runs its `command:` with a shell, here
        // (`fastlane run sh command:'rm -rf build'`).
        if name == "fastlane"
            && let Some((at, text)) = fastlane_sh(args)
        {
            walk(self, text, false);
            handed.at.push(at);
        }
        // Bolt's `command run` has each target's shell run its line; the
        // Zowe CLI's z/OS UNIX shell, over ssh; Teleport's ssh, its words
        // after the host: on other machines, as ssh's command is. (A line
        // known only when it runs is code known only then, as ssh's is.)
        let far_line = match name {
            "bolt" => bolt_command(args).map(|(at, t)| (at, t.map(str::to_owned))),
            "zowe" => zowe_uss_command(args).map(|(at, t)| (at, t.map(str::to_owned))),
            "tsh" => tsh_command(args).inspect(|(from, _)| handed.from = Some(*from)),
            _ => None,
        };
        if let Some((at, text)) = far_line {
            match text {
                Some(text) => walk(self, &text, true),
                None => self.problem(super::Problem::DynamicCode {
                    program: name.to_owned(),
                }),
            }
            handed.at.push(at);
        }
        handed
    }
}
