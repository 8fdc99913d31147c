//! `confer puppet compile`: a node's catalog from an environment, its
//! modules and the node's facts, printed as `puppet catalog compile
//! --render-as json` prints it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use clap::Args;
use confer_diagnostic::{IntoDiagnostic, NoSources};
use confer_puppet::catalog::SensitiveValues;
use confer_puppet::environment::Environment;
use confer_puppet::node::Node;

use crate::fleet::compile::FleetCompile;
use crate::fleet::nodes::NodeSource;
use crate::fleet::puppetdb::{PuppetDb, PuppetDbArgs};
use crate::log_output::Console;
use crate::manifest_source::report;
use crate::output_settings::OutputSettings;

/// Arguments of `confer puppet compile`.
#[derive(Args)]
#[command(group = clap::ArgGroup::new("fleet").args(["facts_dir", "puppetdb"]).requires("output_dir"))]
pub struct CompileArgs {
    /// The node to compile for; by default the facts' name (certname).
    #[arg(conflicts_with = "fleet")]
    node: Option<String>,
    /// The environment directory: `manifests/`, `modules/`,
    /// `environment.conf`, `hiera.yaml`, `data/`.
    #[arg(long, value_name = "DIR")]
    environment: PathBuf,
    /// Base module directories, searched after the environment's own
    /// (`:`-separated, as Puppet's `basemodulepath`).
    #[arg(long, value_name = "DIR[:DIR…]")]
    modulepath: Option<String>,
    /// The node's facts: Puppet's cached facts YAML, or `facter -y`/`facter
    /// -j` output. Without it, a core set is gathered on this machine.
    #[arg(long, value_name = "FILE", conflicts_with = "fleet")]
    facts: Option<PathBuf>,
    /// Compile every node whose facts this directory holds (`*.yaml`,
    /// `*.yml`, `*.json`: Puppet's cached facts, `facter -y`/`-j` output,
    /// or a PuppetDB `factsets` export of many nodes), in parallel.
    #[arg(long, value_name = "DIR")]
    facts_dir: Option<PathBuf>,
    #[command(flatten)]
    puppetdb: PuppetDbArgs,
    /// With `--facts-dir` or `--puppetdb`: where each node's catalog
    /// (`NODE.json`) and the run's summary (`fleet-summary.json`) are
    /// written.
    #[arg(long, value_name = "DIR", requires = "fleet")]
    output_dir: Option<PathBuf>,
    /// With `--facts-dir` or `--puppetdb`: compile only the K-th of N
    /// slices of the nodes, chosen by a stable hash of their names (1 ≤ K ≤
    /// N). A Kubernetes indexed Job passes `--shard
    /// $((JOB_COMPLETION_INDEX+1))/N`.
    #[arg(long, value_name = "K/N", requires = "fleet")]
    shard: Option<String>,
    /// Writes Sensitive parameter values in clear, as Puppet's catalog
    /// carries them, for tools that apply or store the catalog; by default
    /// they are written `"Sensitive [value redacted]"`.
    #[arg(long)]
    reveal_sensitive: bool,
    #[command(flatten)]
    strict: crate::strict_args::StrictArgs,
}

/// `:`-separated directories.
pub fn split_path(path: Option<&str>) -> Vec<PathBuf> {
    path.map(|p| p.split(':').filter(|d| !d.is_empty()).map(PathBuf::from).collect()).unwrap_or_default()
}

/// Reads the facts file, or gathers the local machine's facts.
pub fn load_facts(path: Option<&PathBuf>, out: OutputSettings) -> Result<confer_facts::Facts, ExitCode> {
    match path {
        Some(p) => confer_facts::load(p).map_err(|e| {
            out.emit(&e.into_diagnostic(), &NoSources);
            ExitCode::FAILURE
        }),
        None => Ok(confer_facts::gather()),
    }
}

/// Runs `confer puppet compile`.
pub fn run(args: CompileArgs, out: OutputSettings) -> ExitCode {
    let base = split_path(args.modulepath.as_deref());
    let env = match Environment::load(&args.environment, &base) {
        Ok(env) => Environment { strict: args.strict.strict(), ..env },
        Err(e) => {
            out.error("puppet::environment", "Error: ", &e.to_string());
            return ExitCode::FAILURE;
        }
    };
    let sensitive = if args.reveal_sensitive { SensitiveValues::Reveal } else { SensitiveValues::Redact };
    if let Some(output_dir) = args.output_dir {
        let nodes = match (args.facts_dir, PuppetDb::from_args(&args.puppetdb)) {
            (Some(dir), _) => NodeSource::Dir(dir),
            (None, Ok(Some(db))) => NodeSource::PuppetDb(db),
            (None, Ok(None)) => unreachable!("clap requires --facts-dir or --puppetdb with --output-dir"),
            (None, Err(e)) => return e.report(out),
        };
        let job = FleetCompile { environment: env, nodes, output_dir, shard: args.shard, sensitive };
        return crate::fleet::compile::run(job, out);
    }
    let env = Rc::new(env);
    let facts = match load_facts(args.facts.as_ref(), out) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let name = args.node.unwrap_or_else(|| facts.name.clone());
    let node = Node::new(name.clone(), facts.values);
    let mut console = Console::errors_only(&out);
    match confer_puppet::eval::compile(&env, &node, &mut console) {
        Ok(catalog) => {
            crate::stdout::println(&confer_puppet::catalog::to_json(&catalog, sensitive));
            ExitCode::SUCCESS
        }
        Err(e) => {
            // Puppet attributes a compile's errors to the node, but not
            // what its lookup raises about the data.
            let suffix = match e.phase {
                confer_puppet::error::Phase::Data => String::new(),
                _ => format!(" on node {name}"),
            };
            report(&e, None, &suffix, out);
            ExitCode::FAILURE
        }
    }
}
