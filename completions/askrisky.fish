# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_askrisky_global_optspecs
    string join \n mode= no-prompt session= transcript= v/verbose h/help V/version
end

function __fish_askrisky_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_askrisky_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_askrisky_using_subcommand
    set -l cmd (__fish_askrisky_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c askrisky -n "__fish_askrisky_needs_command" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_needs_command" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_needs_command" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_needs_command" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_needs_command" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_needs_command" -s V -l version -d 'Print version'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "exec" -d 'Decide on a command, then run it in askrisky\'s place'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "check" -d 'Decide on a command without running it, and say why'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "rules" -d 'List the rules in force here: built-in (packs turned off shown as off), yours, the project\'s'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "log" -d 'Show the decision log'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "report" -d 'Sum up the decision log: what ran, asked, was approved, declined, refused'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "suggest" -d 'Propose allow rules for lines you approved again and again'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "hook" -d 'Answer an agent\'s hook: read its JSON on stdin, print the decision'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "eval" -d 'Measure the configured reviewer on labelled cases (nothing is run)'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "install" -d 'Add askrisky\'s hooks to an agent\'s user-level settings'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "uninstall" -d 'Remove askrisky\'s hooks from an agent\'s user-level settings'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "doctor" -d 'Check the setup: hooks, config, reviewer, shell snippet, inbox, PATH, containment'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "shims" -d 'Install the sh/bash/zsh shims for agents that run `$SHELL -c`'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "init" -d 'Print the snippet that guards your interactive shell'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "guard" -d 'Check a line you typed (used by the `init` snippets)'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "inbox" -d 'Show approval cards from commands that have no terminal, in this pane'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "approve" -d 'Approve, once, a command that was refused for lack of a person'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "status" -d 'Is an inbox listening, how many requests wait, and the mode'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "goal" -d 'Add a goal to the current session, from your own terminal'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "session" -d 'Manage askrisky\'s sessions (goals, choices and activity per agent session)'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "completions" -d 'Print the completion script for a shell'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "generate" -d 'Print shell completions or the man page'
complete -c askrisky -n "__fish_askrisky_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -s c -d 'A shell command line' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l contained -d 'A token from askrisky\'s hook: the line was decided there, and runs contained without being decided again (a token that does not verify is ignored)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l uncontained -d 'Run it uncontained: asks the person even where it would run contained; once approved it runs as it is'
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand exec" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l shell -d 'The shell that would run the `-c` line: a path or a name (bash, dash, sh, zsh, fish, bash-or-zsh, unknown); default: the configured `shell`, as `exec -c` runs it' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -s c -d 'A shell command line' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l json -d 'Print the decision as JSON (schema version 1; see docs/reference.md)'
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l show-prompt -d 'Print the exact request the reviewer would be sent, and nothing else'
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -l json -d 'Print the rules as JSON'
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -s n -l lines -d 'How many of the latest records to show' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l json -d 'Print the raw JSONL records'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -s f -l follow -d 'Keep printing records as they are appended'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l verify -d 'Check the log\'s chain of seals and name the first record that was changed, removed or put in (exit 1 then)'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand log" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l since -d 'Where to start: a span back from now (7d, 12h, 30m, 2w), a date (2026-11-01), a UTC time (2026-11-01T08:00:00Z), or all' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l html -d 'Write the report as a self-contained HTML page to FILE' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l json -d 'Print the report as JSON'
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand report" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l min -d 'Propose only what you approved at least N times' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l include-danger -d 'Also offer lines in the danger set, each only with your yes on the terminal'
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand suggest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -l after -d 'The event comes after a tool ran (Claude Code\'s PostToolUse): only record the person\'s answer at the agent\'s prompt; the answer is always empty'
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l limit -d 'Run at most N cases' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l jobs -d 'Run N cases at once' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l json -d 'Print the report as JSON'
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand eval" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -l dry-run -d 'Show the change without writing it'
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -l dry-run -d 'Show the change without writing it'
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -f -a "install" -d 'Write the `sh`, `bash` and (where zsh is installed) `zsh` shims into DIR; put DIR first on PATH, and point SHELL at one for agents that run `$SHELL -c`'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and not __fish_seen_subcommand_from install help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from help" -f -a "install" -d 'Write the `sh`, `bash` and (where zsh is installed) `zsh` shims into DIR; put DIR first on PATH, and point SHELL at one for agents that run `$SHELL -c`'
complete -c askrisky -n "__fish_askrisky_using_subcommand shims; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -s c -d 'The command line' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l fish -d 'The line is in fish\'s syntax (the fish snippet passes this)'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l zsh -d 'The line is in zsh\'s syntax (the zsh snippet passes this)'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l silent -d 'Print and show nothing: exit 0 if the line runs as it is, 80 if it is refused, 81 if it needs the card'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l enter -d 'The line as Enter was pressed, before the shell read it (the bash snippet passes this): a line that does not parse yet, unfinished or wrong, exits 85 and shows nothing; the shell reads on or reports it, and the line is checked whole before it runs'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand guard" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l no-bell -d 'Do not ring the terminal bell when a request arrives'
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l notify -d 'Also show a desktop notification (notify-send) when a request arrives'
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand inbox" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand approve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand goal" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -f -a "new" -d 'Start a new session and make it the current one (ending the approvals of the one before)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -f -a "list" -d 'List sessions, newest first'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -f -a "show" -d 'Show a session\'s records and approvals (default: the current one)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -f -a "use" -d 'Make a session the current one'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and not __fish_seen_subcommand_from new list show use help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from use" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "new" -d 'Start a new session and make it the current one (ending the approvals of the one before)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "list" -d 'List sessions, newest first'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a session\'s records and approvals (default: the current one)'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "use" -d 'Make a session the current one'
complete -c askrisky -n "__fish_askrisky_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -l mode -d 'Make approvals stricter than the config (never looser)' -r -f -a "autopilot\t'Runs what is not in the danger set'
review\t'Asks a reviewer model about what is not in the danger set'
ask\t'Asks about everything but the person\'s own allow rules'"
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -l session -d 'The session whose goals the reviewer sees (AGENT/ID or ID)' -r
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -l transcript -d 'An agent\'s transcript to read goals and activity from (read only inside the agents\' own transcript folders)' -r -F
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -l no-prompt -d 'Never prompt: a command that needs a person is not run'
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -s v -l verbose -d 'Say more on stderr (the decision even when the command runs)'
complete -c askrisky -n "__fish_askrisky_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "exec" -d 'Decide on a command, then run it in askrisky\'s place'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "check" -d 'Decide on a command without running it, and say why'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "rules" -d 'List the rules in force here: built-in (packs turned off shown as off), yours, the project\'s'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "log" -d 'Show the decision log'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "report" -d 'Sum up the decision log: what ran, asked, was approved, declined, refused'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "suggest" -d 'Propose allow rules for lines you approved again and again'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "hook" -d 'Answer an agent\'s hook: read its JSON on stdin, print the decision'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "eval" -d 'Measure the configured reviewer on labelled cases (nothing is run)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "install" -d 'Add askrisky\'s hooks to an agent\'s user-level settings'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "uninstall" -d 'Remove askrisky\'s hooks from an agent\'s user-level settings'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "doctor" -d 'Check the setup: hooks, config, reviewer, shell snippet, inbox, PATH, containment'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "shims" -d 'Install the sh/bash/zsh shims for agents that run `$SHELL -c`'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "init" -d 'Print the snippet that guards your interactive shell'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "guard" -d 'Check a line you typed (used by the `init` snippets)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "inbox" -d 'Show approval cards from commands that have no terminal, in this pane'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "approve" -d 'Approve, once, a command that was refused for lack of a person'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "status" -d 'Is an inbox listening, how many requests wait, and the mode'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "goal" -d 'Add a goal to the current session, from your own terminal'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "session" -d 'Manage askrisky\'s sessions (goals, choices and activity per agent session)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "completions" -d 'Print the completion script for a shell'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "generate" -d 'Print shell completions or the man page'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and not __fish_seen_subcommand_from exec check rules log report suggest hook eval install uninstall doctor shims init guard inbox approve status goal session completions generate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and __fish_seen_subcommand_from shims" -f -a "install" -d 'Write the `sh`, `bash` and (where zsh is installed) `zsh` shims into DIR; put DIR first on PATH, and point SHELL at one for agents that run `$SHELL -c`'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "new" -d 'Start a new session and make it the current one (ending the approvals of the one before)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "list" -d 'List sessions, newest first'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "show" -d 'Show a session\'s records and approvals (default: the current one)'
complete -c askrisky -n "__fish_askrisky_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "use" -d 'Make a session the current one'
complete -c askrisky -n "__fish_askrisky_using_subcommand hook; and not __fish_seen_subcommand_from claude-code codex gemini cursor copilot opencode pi qwen" -f -a "claude-code\t'Claude Code'
codex\t'OpenAI Codex CLI'
gemini\t'Gemini CLI'
cursor\t'Cursor'
copilot\t'GitHub Copilot CLI'
opencode\t'OpenCode'
pi\t'Pi'
qwen\t'Qwen Code'"
complete -c askrisky -n "__fish_askrisky_using_subcommand install; and not __fish_seen_subcommand_from claude-code codex gemini cursor copilot opencode pi qwen" -f -a "claude-code\t'Claude Code'
codex\t'OpenAI Codex CLI'
gemini\t'Gemini CLI'
cursor\t'Cursor'
copilot\t'GitHub Copilot CLI'
opencode\t'OpenCode'
pi\t'Pi'
qwen\t'Qwen Code'"
complete -c askrisky -n "__fish_askrisky_using_subcommand uninstall; and not __fish_seen_subcommand_from claude-code codex gemini cursor copilot opencode pi qwen" -f -a "claude-code\t'Claude Code'
codex\t'OpenAI Codex CLI'
gemini\t'Gemini CLI'
cursor\t'Cursor'
copilot\t'GitHub Copilot CLI'
opencode\t'OpenCode'
pi\t'Pi'
qwen\t'Qwen Code'"
complete -c askrisky -n "__fish_askrisky_using_subcommand init; and not __fish_seen_subcommand_from bash zsh fish" -f -a "bash\t'bash (4.4 or newer)'
zsh\t'zsh'
fish\t'fish'"
complete -c askrisky -n "__fish_askrisky_using_subcommand completions; and not __fish_seen_subcommand_from bash zsh fish" -f -a "bash\t'bash (with the bash-completion package)'
zsh\t'zsh'
fish\t'fish'"
