//! The `[reviewer]` table of the person's config file.

use serde::{Deserialize, Serialize};

/// Which wire format the reviewer speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// OpenAI-compatible chat completions (OpenAI, OpenRouter, Ollama,
    /// llama.cpp, vLLM, LM Studio).
    Openai,
    /// Anthropic Messages.
    Anthropic,
}

/// How hard a reasoning model is asked to think.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effort {
    /// Do not send a reasoning setting (for models without one).
    None,
    /// The default: a review is one short judgement.
    #[default]
    Low,
    /// More thinking.
    Medium,
    /// Most thinking.
    High,
}

/// The reviewer settings.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewerConfig {
    /// Wire format.
    pub provider: Provider,
    /// API base URL, e.g. `https://api.openai.com/v1`.
    pub base_url: Option<String>,
    /// Model name.
    pub model: String,
    /// Name of the environment variable holding the API key.
    pub api_key_env: Option<String>,
    /// Whole-request deadline in seconds.
    #[serde(default = "default_timeout")]
    pub timeout_s: u64,
    /// Reasoning effort.
    #[serde(default)]
    pub effort: Effort,
    /// Output token budget (room to think for reasoning models).
    pub max_output_tokens: Option<u32>,
    /// Price per million input tokens, for cost in the log.
    pub price_per_mtok_in: Option<f64>,
    /// Price per million output tokens.
    pub price_per_mtok_out: Option<f64>,
}

fn default_timeout() -> u64 {
    30
}
