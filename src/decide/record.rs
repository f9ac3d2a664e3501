//! The log record of a decision, and the rule that there is exactly one.

use std::time::Instant;

use super::{Request, Ruling, Setup};
use crate::config::{Dirs, Mode, Sourced};
use crate::log::{self, DecidedBy, Outcome, Record, ReviewerRecord};
use crate::policy::{Review, ReviewFailure};
use crate::util::millis;

/// How a decision ended, for its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// What happened to the command.
    pub outcome: Outcome,
    /// Who made the final call.
    pub by: DecidedBy,
    /// How long the person took, when asked.
    pub answer_ms: Option<u64>,
    /// What the person told the agent, or a note on the approval.
    pub message: Option<String>,
    /// For a run: whether it was contained, and with what.
    pub contained: Option<log::Contained>,
    /// The agent's id for the tool call, on a hook's request.
    pub call: Option<String>,
    /// Where the agent's transcript was, on a request handed to its own
    /// prompt.
    pub transcript: Option<log::TranscriptAt>,
}

impl End {
    /// Ended as `outcome`, decided by `by`.
    pub fn new(outcome: Outcome, by: DecidedBy) -> Self {
        Self {
            outcome,
            by,
            answer_ms: None,
            message: None,
            contained: None,
            call: None,
            transcript: None,
        }
    }

    /// With the agent's id for the tool call (a hook's request).
    pub fn call(mut self, id: Option<String>) -> Self {
        self.call = id;
        self
    }

    /// With where the agent's transcript was when the request was handed
    /// to its own prompt.
    pub fn transcript(mut self, at: Option<log::TranscriptAt>) -> Self {
        self.transcript = at;
        self
    }

    /// With how the run was contained.
    pub fn contained(mut self, c: Option<log::Contained>) -> Self {
        self.contained = c;
        self
    }

    /// With the time the person took.
    pub fn answered_in(mut self, ms: u64) -> Self {
        self.answer_ms = Some(ms);
        self
    }

    /// With the person's message.
    pub fn message(mut self, m: Option<String>) -> Self {
        self.message = m;
        self
    }
}

/// Builds the record of a ruling.
pub(super) fn of(ruling: &Ruling, end: End) -> Record {
    let eval = &ruling.evaluation;
    let meta = eval.review_meta.clone().unwrap_or_default();
    let base = ReviewerRecord {
        provider: meta.provider.clone(),
        model: meta.model.clone(),
        duration_ms: Some(millis(meta.duration)),
        input_tokens: meta.input_tokens,
        output_tokens: meta.output_tokens,
        cost: meta.cost,
        ..ReviewerRecord::default()
    };
    let reviewer = match &eval.review {
        Review::NotNeeded => None,
        Review::Rated(r) => Some(ReviewerRecord {
            answered: true,
            risk: Some(r.risk.as_str().into()),
            authorization: Some(r.authorization.as_str().into()),
            injection: Some(r.injection),
            reason: Some(r.reason.clone()),
            ..base
        }),
        Review::Unavailable { cause, detail } => Some(ReviewerRecord {
            unavailable_reason: Some(cause.as_str().into()),
            unavailable_detail: Some(detail.clone()),
            ..base
        }),
    };
    let message = match end.message {
        None if ruling.approved_once => Some("approved once with an allow-once code".into()),
        None if ruling.session_approved => {
            Some("approved by the person for the rest of this session (session approval)".into())
        }
        m => m,
    };
    Record {
        tier: eval.assessment.tier.as_str().into(),
        rules: eval
            .assessment
            .codes()
            .iter()
            .map(|c| (*c).to_owned())
            .collect(),
        commands: eval.script.commands.iter().map(|c| c.display()).collect(),
        decision: eval.decision.verdict.as_str().into(),
        reason: eval.decision.explain(),
        reviewer,
        outcome: end.outcome,
        decided_by: end.by,
        answer_ms: end.answer_ms.or(ruling.person_answer_ms),
        message,
        session: ruling.session.clone(),
        contained: end.contained,
        call: end.call,
        transcript: end.transcript,
        ..base_record(&ruling.request, &ruling.mode, ruling.started)
    }
}

/// The fields every record of a request has, whatever was decided.
fn base_record(request: &Request, mode: &Sourced<Mode>, started: Instant) -> Record {
    Record {
        v: log::SCHEMA_VERSION,
        time: crate::util::now_rfc3339(),
        surface: request.surface.name(),
        cwd: request.cwd.display().to_string(),
        command: request.line.clone(),
        commands: Vec::new(),
        mode: mode.value.as_str().into(),
        mode_source: mode.source.to_string(),
        tier: String::new(),
        rules: Vec::new(),
        decision: String::new(),
        outcome: Outcome::Cancelled,
        decided_by: DecidedBy::Interrupt,
        reason: "interrupted while deciding".into(),
        message: None,
        reviewer: None,
        duration_ms: millis(started.elapsed()),
        answer_ms: None,
        session: None,
        contained: None,
        call: None,
        transcript: None,
        answers: None,
    }
}

/// One decision, one record: the signal watcher and the main thread can
/// both reach the end (a closed terminal both hangs up and fails the read);
/// whichever writes first is the record. The lock is held while writing,
/// so an exit from the signal path cannot cut the main thread's record
/// short.
static LOGGED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

/// Appends the record, unless this process already wrote its one. A log
/// that cannot be written never changes the decision: askrisky warns.
pub(super) fn write(dirs: &Dirs, r: &Record) {
    let mut logged = LOGGED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if *logged {
        return;
    }
    *logged = true;
    match &dirs.state {
        Some(state) => {
            // Sealed with askrisky's key (which a contained command cannot
            // read): an edited record breaks the chain (`log --verify`).
            let key = crate::key::Key::load(state).ok();
            let sign = |parts: &[&[u8]]| key.as_ref().map(|k| k.sign(parts)).unwrap_or_default();
            let signer: Option<log::Signer<'_>> = key.is_some().then_some(&sign);
            if let Err(e) = log::append(state, r, signer) {
                eprintln!("askrisky: warning: cannot write the decision log: {e}");
            }
        }
        None => eprintln!("askrisky: warning: no state folder for the decision log (set HOME)"),
    }
}

/// Installs the signal watcher, with the record it writes if a signal ends
/// askrisky before the command runs.
pub(super) fn watch(
    setup: &Setup,
    request: &Request,
    mode: &Sourced<Mode>,
    started: Instant,
    reviewing: bool,
) -> crate::signals::Cancel {
    let mut r = base_record(request, mode, started);
    if reviewing {
        r.reviewer = Some(ReviewerRecord {
            unavailable_reason: Some(ReviewFailure::Cancelled.as_str().into()),
            unavailable_detail: Some("interrupted while the reviewer was asked".into()),
            ..ReviewerRecord::default()
        });
    }
    let dirs = setup.dirs.clone();
    crate::signals::Cancel::install(move |sig| {
        r.reason = format!("interrupted by signal {sig} while deciding");
        r.duration_ms = millis(started.elapsed());
        write(&dirs, &r);
    })
}
