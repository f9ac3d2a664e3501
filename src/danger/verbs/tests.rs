//! The verb tables' own tests: addresses, parts and the verbs read from
//! subcommand words.

#[test]
fn addresses_are_told_from_file_names() {
    for (word, want) in [
        ("team@example.com", true),
        ("ops@mail.example-corp.org", true),
        ("icon@2x.png", false),
        ("user@host", false),
        ("@example.com", false),
        ("a@exa_mple.com", false),
        ("a@example.c0m", false),
        ("a@example.c", false),
        ("plain", false),
    ] {
        assert_eq!(super::super::verb_forms::is_address(word), want, "{word}");
    }
}
use super::*;

#[test]
fn programs_named_for_what_they_destroy() {
    for (name, want) in [
        ("memcflush", true),
        ("kdestroy", true),
        ("lvremove", true),
        ("ldapdelete", true),
        ("nwipe", true),
        ("kafka-delete-records", true),
        ("flash_erase", true),
        ("cleanup-purge.sh", true),
        ("reset", false),
        ("unset", false),
        ("swipe", false),
        ("undelete", false),
        ("dropbox", false),
        ("model", false),
        ("kubectl", false),
        ("remove", false),
    ] {
        assert_eq!(named_destroyer(name), want, "{name}");
    }
}

#[test]
fn commands_named_noun_dot_verb() {
    assert_eq!(verb_of("vm.destroy"), Some(Does::Destroys));
    assert_eq!(verb_of("object.Delete"), Some(Does::Destroys));
    assert_eq!(verb_of("app.deploy"), Some(Does::Deploys));
    for w in [
        "app.rb",
        "delete.sql",
        "notes.del",
        "v1.2.0",
        "vm.info",
        ".purge",
        "x/y.delete",
    ] {
        assert_eq!(verb_of(w), None, "{w}");
    }
}

#[test]
fn deleting_written_as_one_word() {
    for w in [
        "deletefile",
        "removeall",
        "deleteduplicates",
        "dropdatabase",
        "deletelocalsnapshots",
    ] {
        assert!(destroys_joined(w), "{w}");
        assert_eq!(verb_of(w), Some(Does::Destroys), "{w}");
    }
    for w in [
        "deleted",
        "removed",
        "deletefiles2",
        "dropdown",
        "wipeout2",
        "delete",
    ] {
        assert!(!destroys_joined(w), "{w}");
    }
}

#[test]
fn sending_written_as_one_word() {
    for w in [
        "sendtoaddress",
        "sendmany",
        "payinvoice",
        "sendcoins",
        "sendpayment",
    ] {
        assert!(sends_joined(w), "{w}");
        assert_eq!(verb_of(w), Some(Does::Deploys), "{w}");
    }
    for w in [
        "sender", "sendgrid", "payload", "paypal", "send", "pay", "settings",
    ] {
        assert!(!sends_joined(w), "{w}");
    }
}

#[test]
fn words_split_where_tools_join_them() {
    assert_eq!(parts("apps:destroy"), ["apps", "destroy"]);
    assert_eq!(parts("erase_flash"), ["erase", "flash"]);
    assert_eq!(parts("dropAll"), ["drop", "all"]);
    assert_eq!(parts("uninstall-all"), ["uninstall", "all"]);
    assert_eq!(parts("pg:reset"), ["pg", "reset"]);
    assert_eq!(verb_of("api:core:keys:remove"), Some(Does::Destroys));
    assert_eq!(verb_of("deploy"), Some(Does::Deploys));
    assert_eq!(verb_of("list"), None);
    assert_eq!(verb_of("deleted.txt"), None);
    assert_eq!(verb_of("delete_old.py"), None);
    assert_eq!(verb_of("./delete"), None);
    assert_eq!(verb_of("release-notes"), Some(Does::Deploys));
    assert_eq!(verb_of("collect-garbage"), Some(Does::Destroys));
    assert_eq!(verb_of("déployer"), None);
    // Words up to 40 bytes are read; longer ones are names or data.
    let at_bound = format!("delete-{}", "x".repeat(33));
    assert_eq!(at_bound.len(), 40);
    assert_eq!(verb_of(&at_bound), Some(Does::Destroys));
    assert_eq!(verb_of(&format!("{at_bound}x")), None);
    assert_eq!(verb_of("Ünpublish-all"), None);
    assert_eq!(verb_of("appsÜ:destroy"), Some(Does::Destroys));
}

/// The ASCII fast path splits as [`parts`] does.
#[test]
fn ascii_parts_split_as_parts_does() {
    for w in [
        "apps:destroy",
        "erase_flash",
        "dropAll",
        "DROPAll",
        "uninstall-all",
        "::a--b__c..",
        "aB",
        "Ab",
        "ABc",
        "x",
        "",
        "api:core:keys:remove",
        "getHTTPDelete",
    ] {
        let fast: Vec<String> = ascii_parts(w)
            .map(|(s, e)| w[s..e].to_ascii_lowercase())
            .collect();
        assert_eq!(fast, parts(w), "{w}");
    }
}
