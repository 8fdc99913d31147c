//! `--puppetdb URL`: the nodes of a fleet and their facts read from
//! PuppetDB's query API (`/pdb/query/v4/factsets`), the store a Puppet
//! fleet already reports its facts to. Over `https`, the client presents
//! the certificate and key Puppet gave the machine (`puppet config print
//! hostcert hostprivkey localcacert`), as Puppet's own terminus does;
//! PuppetDB refuses queries from a client without one.
//!
//! The run first asks for the certnames alone, a page at a time; then the
//! factsets of a batch of nodes when the batch is compiled, so memory holds
//! the facts of a batch, not of the fleet, and every request is bounded.
//! Factsets are parsed as an export is (`confer_facts::parse_factsets`).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::FleetError;

/// The largest page PuppetDB may answer with, so that a misconfigured
/// server cannot make the client read without end.
const MAX_PAGE_BYTES: u64 = 1 << 30;

/// How long a request may take before the run gives up on the server.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The options that name a PuppetDB and the client's credentials.
#[derive(Args, Clone, Debug)]
pub struct PuppetDbArgs {
    /// The nodes and their facts from PuppetDB's query API at this URL
    /// (`http://localhost:8080`, or `https://puppetdb:8081` with the
    /// certificate options), every active node with a factset.
    #[arg(long, value_name = "URL")]
    pub puppetdb: Option<String>,
    /// With an `https` PuppetDB: the client certificate (PEM), as `puppet
    /// config print hostcert` names it.
    #[arg(long, value_name = "FILE", requires_all = ["puppetdb", "puppetdb_key"])]
    pub puppetdb_cert: Option<PathBuf>,
    /// With an `https` PuppetDB: the client certificate's private key
    /// (PEM), as `puppet config print hostprivkey` names it.
    #[arg(long, value_name = "FILE", requires_all = ["puppetdb", "puppetdb_cert"])]
    pub puppetdb_key: Option<PathBuf>,
    /// With an `https` PuppetDB: the certificate authority that signed the
    /// server's certificate (PEM), as `puppet config print localcacert`
    /// names it.
    #[arg(long, value_name = "FILE", requires = "puppetdb")]
    pub puppetdb_cacert: Option<PathBuf>,
    /// How many nodes one request to PuppetDB asks for.
    #[arg(long, value_name = "N", default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..))]
    pub puppetdb_page: u32,
}

/// A PuppetDB to read factsets from.
pub struct PuppetDb {
    /// The query endpoint, `URL/pdb/query/v4/factsets`.
    factsets: String,
    agent: ureq::Agent,
    page: usize,
}

impl PuppetDb {
    /// A client of the PuppetDB the options name; `None` without `--puppetdb`.
    pub fn from_args(args: &PuppetDbArgs) -> Result<Option<PuppetDb>, FleetError> {
        let Some(url) = &args.puppetdb else { return Ok(None) };
        let url = url.trim_end_matches('/').to_string();
        let fail = |reason: String| FleetError::PuppetDb { url: url.clone(), reason };
        if !url.starts_with("http://") && !url.starts_with("https://") {
            return Err(fail("the URL must start with http:// or https://".to_string()));
        }
        let mut builder = ureq::AgentBuilder::new().timeout(TIMEOUT).redirects(0);
        if url.starts_with("https://") || args.puppetdb_cert.is_some() || args.puppetdb_cacert.is_some() {
            builder = builder.tls_config(Arc::new(tls_config(args).map_err(fail)?));
        }
        let factsets = format!("{url}/pdb/query/v4/factsets");
        Ok(Some(PuppetDb { factsets, agent: builder.build(), page: args.puppetdb_page as usize }))
    }

    /// How many nodes a request asks for: the size of a batch of nodes.
    pub fn page(&self) -> usize {
        self.page
    }

    /// The certnames of every node with a factset, in order, a page at a
    /// time.
    pub fn certnames(&self) -> Result<Vec<String>, FleetError> {
        let mut names = Vec::new();
        let endpoint = &self.factsets;
        loop {
            let request = self
                .agent
                .get(endpoint)
                .query("query", r#"["extract", ["certname"]]"#)
                .query("order_by", r#"[{"field": "certname"}]"#)
                .query("limit", &self.page.to_string())
                .query("offset", &names.len().to_string());
            let body = answer(endpoint, request.call())?;
            let page: Vec<serde_json::Value> = serde_json::from_str(&body).map_err(|e| FleetError::PuppetDb {
                url: endpoint.clone(),
                reason: format!("the answer is not a JSON array of certnames: {e}"),
            })?;
            let count = page.len();
            for node in page {
                match node.get("certname").and_then(serde_json::Value::as_str) {
                    Some(name) => names.push(name.to_string()),
                    None => {
                        return Err(FleetError::PuppetDb {
                            url: endpoint.clone(),
                            reason: format!("an answer's element has no certname: {node}"),
                        })
                    }
                }
            }
            if count < self.page {
                return Ok(names);
            }
        }
    }

    /// The factsets of the nodes `names` (PuppetDB's `in` query, posted so
    /// that a long list fits); a node PuppetDB no longer holds is absent.
    pub fn factsets_of(&self, names: &[String]) -> Result<Vec<confer_facts::Facts>, FleetError> {
        let endpoint = &self.factsets;
        let query = serde_json::json!({"query": ["in", "certname", ["array", names]]});
        let request = self.agent.post(endpoint).set("Content-Type", "application/json");
        let body = answer(endpoint, request.send_string(&query.to_string()))?;
        confer_facts::parse_factsets(&body, endpoint).map_err(FleetError::Facts)
    }
}

/// The text of an answer from `endpoint`, at most [`MAX_PAGE_BYTES`] of it.
fn answer(endpoint: &str, response: Result<ureq::Response, ureq::Error>) -> Result<String, FleetError> {
    let fail = |reason: String| FleetError::PuppetDb { url: endpoint.to_string(), reason };
    let response = response.map_err(|e| fail(request_error(e)))?;
    let mut body = String::new();
    response
        .into_reader()
        .take(MAX_PAGE_BYTES)
        .read_to_string(&mut body)
        .map_err(|e| fail(format!("cannot read the answer: {e}")))?;
    Ok(body)
}

/// What a failed request says, in a user's words: the server's status and
/// the start of its answer, or why no answer came.
fn request_error(error: ureq::Error) -> String {
    match error {
        ureq::Error::Status(code, response) => {
            let status = response.status_text().to_string();
            let body = response.into_string().unwrap_or_default();
            let body: String = body.trim().chars().take(300).collect();
            if body.is_empty() {
                format!("the server answered {code} {status}")
            } else {
                format!("the server answered {code} {status}: {body}")
            }
        }
        ureq::Error::Transport(t) => format!("no answer: {}", transport_reason(&t)),
    }
}

/// Why no answer came: the innermost cause (the system's or TLS's own
/// words), with what to give when the cause is a certificate.
fn transport_reason(t: &ureq::Transport) -> String {
    let mut innermost: Option<&(dyn std::error::Error + 'static)> = None;
    let mut source = std::error::Error::source(t);
    while let Some(e) = source {
        innermost = Some(e);
        source = e.source();
    }
    let Some(cause) = innermost else { return t.message().map_or_else(|| t.kind().to_string(), str::to_string) };
    let tls = cause
        .downcast_ref::<std::io::Error>()
        .and_then(|io| io.get_ref())
        .and_then(|inner| inner.downcast_ref::<rustls::Error>());
    let hint = match tls {
        Some(rustls::Error::AlertReceived(
            rustls::AlertDescription::BadCertificate | rustls::AlertDescription::CertificateRequired,
        )) => "; PuppetDB wants a client certificate it trusts (--puppetdb-cert and --puppetdb-key)",
        Some(rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer)) => {
            "; give the authority that signed PuppetDB's certificate (--puppetdb-cacert, Puppet's localcacert)"
        }
        _ => "",
    };
    format!("{cause}{hint}")
}

/// The TLS settings: the given certificate authority (or the system's web
/// roots when none is given), and the client certificate when one is.
fn tls_config(args: &PuppetDbArgs) -> Result<rustls::ClientConfig, String> {
    let mut roots = rustls::RootCertStore::empty();
    match &args.puppetdb_cacert {
        Some(ca) => {
            for cert in certificates(ca)? {
                roots.add(cert).map_err(|e| format!("{}: {e}", ca.display()))?;
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let builder = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots);
    match (&args.puppetdb_cert, &args.puppetdb_key) {
        (Some(cert), Some(key)) => builder
            .with_client_auth_cert(certificates(cert)?, private_key(key)?)
            .map_err(|e| format!("the client certificate {} with the key {}: {e}", cert.display(), key.display())),
        _ => Ok(builder.with_no_client_auth()),
    }
}

/// The certificates of a PEM file.
fn certificates(path: &Path) -> Result<Vec<rustls::pki_types::CertificateDer<'static>>, String> {
    use rustls::pki_types::pem::PemObject;
    let certs = rustls::pki_types::CertificateDer::pem_file_iter(path)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if certs.is_empty() {
        return Err(format!("{}: no certificate in the file", path.display()));
    }
    Ok(certs)
}

/// The private key of a PEM file (PKCS#1, PKCS#8 or SEC1, as Puppet writes).
fn private_key(path: &Path) -> Result<rustls::pki_types::PrivateKeyDer<'static>, String> {
    use rustls::pki_types::pem::PemObject;
    rustls::pki_types::PrivateKeyDer::from_pem_file(path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(url: &str) -> PuppetDbArgs {
        PuppetDbArgs {
            puppetdb: Some(url.to_string()),
            puppetdb_cert: None,
            puppetdb_key: None,
            puppetdb_cacert: None,
            puppetdb_page: 500,
        }
    }

    #[test]
    fn a_url_without_a_scheme_is_refused() {
        let Err(e) = PuppetDb::from_args(&args("puppetdb:8080")) else { panic!("accepted") };
        assert_eq!(e.to_string(), "PuppetDB at puppetdb:8080: the URL must start with http:// or https://");
    }

    #[test]
    fn a_missing_certificate_file_is_named() {
        let mut a = args("https://puppetdb:8081");
        a.puppetdb_cacert = Some(PathBuf::from("/nonexistent/ca.pem"));
        let Err(e) = PuppetDb::from_args(&a) else { panic!("accepted") };
        assert!(e.to_string().starts_with("PuppetDB at https://puppetdb:8081: /nonexistent/ca.pem:"), "{e}");
    }

    #[test]
    fn without_an_answer_the_error_says_where_and_why() {
        // A port nothing listens on: bound and closed again.
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap();
        let db = PuppetDb::from_args(&args(&format!("http://127.0.0.1:{port}/"))).unwrap().unwrap();
        let e = db.certnames().unwrap_err().to_string();
        assert!(e.starts_with(&format!("PuppetDB at http://127.0.0.1:{port}/pdb/query/v4/factsets: no answer")), "{e}");
    }
}
