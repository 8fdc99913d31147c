//! The lookup engine: Puppet's `LookupAdapter` and data providers. A key
//! is searched in the global, environment and module layers (the module
//! only for keys in its namespace); each layer walks its hierarchy, each
//! level its locations, and the merge strategy combines what is found at
//! every step — the same nesting Puppet uses, so merges come out the same.

use std::collections::HashMap as StdHashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use confer_core::Value;

use crate::config::{self, Config, LayerKind, Level, Locations};
use crate::data::{encrypted, DataFile, Found, Origin};
use crate::error::HieraError;
use crate::explain::{Explainer, Kind, Outcome};
use crate::key::LookupKey;
use crate::merge::Strategy;
use crate::options::{validate_module_options, CompiledOptions};
use crate::scope::Scope;
use crate::shared::SharedFiles;

/// How deep lookups may nest through interpolation: Puppet 7.23 on its
/// Ruby answers a chain of 154 lookups (`k0` interpolating `k1` … `k153`)
/// and runs out of stack at 155, measured (its own recursion check catches
/// every cycle before that).
const MAX_NESTING: usize = 153;

/// One of the three layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    Global,
    Environment,
    Module(String),
}

/// The data of one node's compile: the environment, its module path and an
/// optional global configuration. Configurations, data files and
/// `lookup_options` are read once and kept, as Puppet keeps them for a
/// compile, so one `Hiera` serves one node.
pub struct Hiera {
    environment: Option<PathBuf>,
    modulepath: Vec<PathBuf>,
    global: Option<PathBuf>,
    configs: Mutex<StdHashMap<PathBuf, Arc<Config>>>,
    files: Mutex<StdHashMap<PathBuf, Arc<DataFile>>>,
    /// What the disk said of each path looked at (a module's directory, a
    /// data file's presence), asked once: every lookup walks the same
    /// hierarchy, and a compile makes thousands.
    seen: Mutex<StdHashMap<PathBuf, bool>>,
    pub(crate) options: Mutex<StdHashMap<Option<String>, Arc<CompiledOptions>>>,
    warnings: Mutex<Vec<String>>,
    /// Files read once for many nodes' engines, asked on a first use here.
    shared: Option<Arc<SharedFiles>>,
}

impl Hiera {
    /// The engine for an environment directory (`None`: no environment
    /// layer), its module path (searched in order for `<module>/hiera.yaml`)
    /// and a global `hiera.yaml`.
    pub fn new(environment: Option<&Path>, modulepath: Vec<PathBuf>, global: Option<PathBuf>) -> Hiera {
        Hiera {
            environment: environment.map(Path::to_path_buf),
            modulepath,
            global,
            configs: Mutex::default(),
            files: Mutex::default(),
            seen: Mutex::default(),
            options: Mutex::default(),
            warnings: Mutex::default(),
            shared: None,
        }
    }

    /// This engine, reading its files through `shared`, which other nodes'
    /// engines share: a fleet compile reads each file once.
    pub fn sharing(self, shared: Arc<SharedFiles>) -> Hiera {
        Hiera { shared: Some(shared), ..self }
    }

    /// An invocation: one top-level lookup and the lookups its
    /// interpolations make, in a scope.
    pub fn invocation<'a>(&'a self, scope: &'a dyn Scope) -> Invocation<'a> {
        Invocation {
            hiera: self,
            scope,
            locals: Vec::new(),
            names: Vec::new(),
            explain: None,
            interpolated: std::collections::HashMap::new(),
        }
    }

    /// Warnings Puppet would log (module data outside the module's
    /// namespace), each once, taken out of the engine.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut *self.warnings.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn module_dir(&self, name: &str) -> Option<PathBuf> {
        self.modulepath.iter().map(|d| d.join(name)).find(|d| self.seen(d, Path::is_dir))
    }

    /// `test` of `path` (`is_dir`, `is_file`, `exists`), answered by the
    /// disk once per engine and path.
    fn seen(&self, path: &Path, test: fn(&Path) -> bool) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        *seen.entry(path.to_path_buf()).or_insert_with(|| match &self.shared {
            Some(shared) => shared.seen(path, test),
            None => test(path),
        })
    }

    fn config(&self, file: &Path, kind: LayerKind) -> Result<Arc<Config>, HieraError> {
        if let Some(c) = self.configs.lock().unwrap_or_else(|e| e.into_inner()).get(file) {
            return Ok(c.clone());
        }
        let c = match &self.shared {
            Some(shared) => shared.config(file, kind)?,
            None => Arc::new(config::load(file, kind)?),
        };
        self.configs.lock().unwrap_or_else(|e| e.into_inner()).insert(file.to_path_buf(), c.clone());
        Ok(c)
    }

    fn data_file(&self, path: &Path, level: &Level, module: Option<&str>) -> Result<Arc<DataFile>, HieraError> {
        if let Some(f) = self.files.lock().unwrap_or_else(|e| e.into_inner()).get(path) {
            return Ok(f.clone());
        }
        let file = match &self.shared {
            Some(shared) => shared.data_file(path, level.backend)?,
            None => Arc::new(DataFile::load(path, level.backend)?),
        };
        if let Some(m) = module {
            let prefix = format!("{m}::");
            let stray =
                file.data.keys().any(|k| k.as_str().is_some_and(|k| k != "lookup_options" && !k.starts_with(&prefix)));
            if stray {
                self.warnings.lock().unwrap_or_else(|e| e.into_inner()).push(format!(
                    "Module '{m}': Value returned from data_hash function '{}', when using location '{}', must use keys qualified with the name of the module",
                    level.backend.function_name(),
                    path.display()
                ));
            }
        }
        self.files.lock().unwrap_or_else(|e| e.into_inner()).insert(path.to_path_buf(), file.clone());
        Ok(file)
    }
}

/// A lookup in progress: the scope, the keys being looked up (Puppet's
/// name stack, for its recursion check) and the explanation, if asked for.
pub struct Invocation<'a> {
    pub(crate) hiera: &'a Hiera,
    pub(crate) scope: &'a dyn Scope,
    pub(crate) locals: Vec<(String, Value)>,
    pub(crate) names: Vec<String>,
    pub(crate) explain: Option<Explainer>,
    /// What each key looked up by interpolation (`%{lookup('k')}`) gave,
    /// once: the data and the scope do not change within an invocation,
    /// and a value that interpolates the same key twice at every level
    /// would otherwise cost twice the level below.
    pub(crate) interpolated: std::collections::HashMap<String, Value>,
}

impl<'a> Invocation<'a> {
    /// Records an explanation of everything this invocation searches.
    pub fn explain(mut self) -> Self {
        self.explain = Some(Explainer::default());
        self
    }

    /// The explanation so far, as Puppet prints it: text, or JSON.
    pub fn explanation(&self, json: bool) -> Option<String> {
        self.explain.as_ref().map(|e| if json { format!("{}\n", e.to_json()) } else { e.render() })
    }

    pub(crate) fn ex(&mut self, f: impl FnOnce(&mut Explainer)) {
        if let Some(e) = &mut self.explain {
            f(e);
        }
    }

    /// Every key of the environment layer's data files that exist for this
    /// node, in hierarchy order, each once (`lookup_options` left out): what
    /// a check of the node's data has to look up.
    pub fn data_keys(&mut self) -> Result<Vec<String>, HieraError> {
        let Some(dir) = self.hiera.environment.clone() else { return Ok(Vec::new()) };
        let config = self.hiera.config(&dir.join("hiera.yaml"), LayerKind::Environment)?;
        let mut keys = indexmap::IndexSet::new();
        for level in &config.hierarchy {
            for (path, _) in self.resolve_locations(&config, level)? {
                if !self.hiera.seen(&path, Path::is_file) {
                    continue;
                }
                let file = self.hiera.data_file(&path, level, None)?;
                keys.extend(
                    file.data.keys().filter_map(|k| k.as_str()).filter(|k| *k != "lookup_options").map(str::to_string),
                );
            }
        }
        Ok(keys.into_iter().collect())
    }

    /// Looks `key` up with a merge strategy (`None`: the key's
    /// `lookup_options`, else `first`). `Ok(None)`: not found.
    pub fn lookup(&mut self, key: &str, merge: Option<Strategy>) -> Result<Option<Found>, HieraError> {
        if key == "lookup_options" || key.starts_with("lookup_options.") {
            self.ex(|e| {
                e.push(Kind::InvalidKey("lookup_options".into()));
                e.pop();
            });
            return Ok(None);
        }
        let key = LookupKey::parse(key)?;
        let options = self.options_for(&key)?;
        let strategy = match (merge, options.as_ref().and_then(|o| get(o, "merge"))) {
            (Some(s), _) => s,
            (None, Some(m)) => {
                self.ex(|e| {
                    e.push(Kind::MergeSource);
                    e.pop();
                });
                Strategy::from_value(&m)?
            }
            (None, None) => Strategy::First,
        };
        self.ex(|e| e.push(Kind::Top(key.text.clone())));
        let found = self.search(&key, &strategy);
        self.ex(Explainer::pop);
        let found = match found? {
            Some(f) => Some(f),
            None => self.default_hierarchy(&key, &strategy)?,
        };
        let Some(found) = found else { return Ok(None) };
        let Some(value) = key.dig(found.value) else { return Ok(None) };
        let mut found = Found { value, origin: found.origin };
        if let Some(convert) = options.as_ref().and_then(|o| get(o, "convert_to")) {
            let (type_name, args) = match &convert {
                Value::Array(a) if !a.is_empty() => (a[0].clone(), a[1..].to_vec()),
                other => (other.clone(), Vec::new()),
            };
            let type_name = confer_core::value::to_s(&type_name);
            found.value = self
                .scope
                .convert(&type_name, &found.value, &args)
                .map_err(|message| HieraError::Convert { key: key.text.clone(), message })?;
        }
        Ok(Some(found))
    }

    /// The provider stack: global, environment, then the key's module.
    fn search(&mut self, key: &LookupKey, strategy: &Strategy) -> Result<Option<Found>, HieraError> {
        let mut layers = vec![Layer::Global, Layer::Environment];
        if let Some(m) = key.module_name() {
            layers.push(Layer::Module(m.to_string()));
        }
        self.variants(strategy, &layers, |inv, layer| inv.layer_lookup(layer, key, strategy))
    }

    /// A module's `default_hierarchy`, searched when no layer has the key.
    /// (Puppet also reads `lookup_options` from it; confer uses the
    /// strategy already chosen.)
    fn default_hierarchy(&mut self, key: &LookupKey, strategy: &Strategy) -> Result<Option<Found>, HieraError> {
        let Some(module) = key.module_name().map(str::to_string) else { return Ok(None) };
        let Some(dir) = self.hiera.module_dir(&module) else { return Ok(None) };
        let config = self.hiera.config(&dir.join("hiera.yaml"), LayerKind::Module)?;
        if config.default_hierarchy.is_empty() {
            return Ok(None);
        }
        let levels = config.default_hierarchy.clone();
        let layer = format!("module {module} default_hierarchy");
        self.check(&key.text, |inv| {
            inv.variants(strategy, &levels, |inv, level| {
                inv.level_lookup(&config, level, key, strategy, &layer, Some(&module))
            })
        })
    }

    /// Runs `f` on each variant and combines what they find as `strategy`
    /// does (`MergeStrategy#lookup`).
    pub(crate) fn variants<T>(
        &mut self,
        strategy: &Strategy,
        items: &[T],
        mut f: impl FnMut(&mut Self, &T) -> Result<Option<Found>, HieraError>,
    ) -> Result<Option<Found>, HieraError> {
        if *strategy == Strategy::First {
            for item in items {
                if let Some(found) = f(self, item)? {
                    return Ok(Some(found));
                }
            }
            return Ok(None);
        }
        if items.len() == 1 {
            return Ok(
                f(self, &items[0])?.map(|found| Found { value: strategy.single(found.value), origin: found.origin })
            );
        }
        let options = match strategy {
            Strategy::Deep(o) => {
                let mut h = confer_core::HashMap::new();
                if let Some(k) = &o.knockout_prefix {
                    h.insert(Value::from("knockout_prefix"), Value::from(k.as_str()));
                }
                if o.sort_merged_arrays {
                    h.insert(Value::from("sort_merged_arrays"), Value::Boolean(true));
                }
                if o.merge_hash_arrays {
                    h.insert(Value::from("merge_hash_arrays"), Value::Boolean(true));
                }
                (!h.is_empty()).then(|| Value::hash(h))
            }
            _ => None,
        };
        self.ex(|e| e.push(Kind::Merge(strategy.name().into(), options)));
        let mut memo: Option<Found> = None;
        let result = (|| {
            for item in items {
                if let Some(found) = f(self, item)? {
                    memo = Some(match memo.take() {
                        None => Found { value: strategy.first_of_many(found.value), origin: found.origin },
                        Some(m) => Found { value: strategy.merge(m.value, found.value)?, origin: m.origin },
                    });
                }
            }
            Ok(())
        })();
        if let (Ok(()), Some(m)) = (&result, &memo) {
            let v = m.value.clone();
            self.ex(|e| e.outcome(Outcome::Result(v)));
        }
        self.ex(Explainer::pop);
        result.map(|()| memo)
    }

    /// Puppet's recursion check around a provider's lookup of `name`.
    pub(crate) fn check<T>(
        &mut self,
        name: &str,
        f: impl FnOnce(&mut Self) -> Result<T, HieraError>,
    ) -> Result<T, HieraError> {
        if self.names.iter().any(|n| n == name) {
            return Err(HieraError::Recursion { stack: self.names.clone() });
        }
        if self.names.len() >= MAX_NESTING {
            return Err(HieraError::TooDeep { stack: self.names.clone() });
        }
        self.names.push(name.to_string());
        let r = f(self);
        self.names.pop();
        r
    }

    pub(crate) fn layer_lookup(
        &mut self,
        layer: &Layer,
        key: &LookupKey,
        strategy: &Strategy,
    ) -> Result<Option<Found>, HieraError> {
        let (file, kind, label, module) = match layer {
            Layer::Global => match &self.hiera.global {
                Some(g) => (g.clone(), LayerKind::Global, "Global Data Provider".to_string(), None),
                None => {
                    let text = key.root.clone();
                    self.ex(|e| {
                        e.push(Kind::Provider("Global Data Provider (hiera configuration version 5)".into(), None));
                        e.outcome(Outcome::NotFound(text));
                        e.pop();
                    });
                    return Ok(None);
                }
            },
            Layer::Environment => match &self.hiera.environment {
                Some(dir) => {
                    (dir.join("hiera.yaml"), LayerKind::Environment, "Environment Data Provider".to_string(), None)
                }
                None => return Ok(None),
            },
            Layer::Module(m) => match self.hiera.module_dir(m) {
                Some(dir) => (
                    dir.join("hiera.yaml"),
                    LayerKind::Module,
                    format!("Module \"{m}\" Data Provider"),
                    Some(m.clone()),
                ),
                None => return Ok(None),
            },
        };
        let config = self.hiera.config(&file, kind)?;
        let layer_name = match layer {
            Layer::Global => "global".to_string(),
            Layer::Environment => "environment".to_string(),
            Layer::Module(m) => format!("module {m}"),
        };
        let config_path = config.path.as_ref().map(|p| p.display().to_string());
        self.ex(|e| e.push(Kind::Provider(format!("{label} (hiera configuration version 5)"), config_path)));
        let result = self.check(&key.text, |inv| {
            let levels: Vec<Level> = config.hierarchy.clone();
            let found = inv.variants(strategy, &levels, |inv, level| {
                inv.level_lookup(&config, level, key, strategy, &layer_name, module.as_deref())
            })?;
            if found.is_none() && levels.is_empty() {
                let text = key.root.clone();
                inv.ex(|e| e.outcome(Outcome::NotFound(text)));
            }
            Ok(found)
        });
        self.ex(Explainer::pop);
        result
    }

    fn level_lookup(
        &mut self,
        config: &Config,
        level: &Level,
        key: &LookupKey,
        strategy: &Strategy,
        layer: &str,
        module: Option<&str>,
    ) -> Result<Option<Found>, HieraError> {
        let locations = self.resolve_locations(config, level)?;
        self.ex(|e| e.push(Kind::Provider(format!("Hierarchy entry \"{}\"", level.name), None)));
        let result = self.variants(strategy, &locations, |inv, (path, original)| {
            inv.ex(|e| e.push(Kind::Location(path.display().to_string(), original.clone())));
            let r = inv.location_lookup(path, level, key, layer, module);
            inv.ex(Explainer::pop);
            r
        });
        self.ex(Explainer::pop);
        result
    }

    fn location_lookup(
        &mut self,
        path: &Path,
        level: &Level,
        key: &LookupKey,
        layer: &str,
        module: Option<&str>,
    ) -> Result<Option<Found>, HieraError> {
        if !self.hiera.seen(path, Path::is_file) {
            self.ex(|e| e.outcome(Outcome::LocationNotFound));
            return Ok(None);
        }
        let file = self.hiera.data_file(path, level, module)?;
        let Some(raw) = file.value(&key.root)? else {
            let text = key.root.clone();
            self.ex(|e| e.outcome(Outcome::NotFound(text)));
            return Ok(None);
        };
        if let Some(sub) = encrypted(&raw, &mut Vec::new()) {
            return Err(HieraError::Encrypted {
                key: key.root.clone(),
                at: file.locate(&[vec![key.root.clone()], sub].concat()),
            });
        }
        let value = self.interpolate(&raw, true).map_err(|error| match error {
            HieraError::Interpolation { .. } | HieraError::Recursion { .. } | HieraError::Merge { .. } => {
                HieraError::Located { at: file.locate(std::slice::from_ref(&key.root)), error: Box::new(error) }
            }
            other => other,
        })?;
        let (text, shown) = (key.root.clone(), value.clone());
        self.ex(|e| e.outcome(Outcome::Found(text, shown)));
        let origin = Origin { file, key: key.root.clone(), level: level.name.clone(), layer: layer.to_string() };
        Ok(Some(Found { value, origin: Some(origin) }))
    }

    /// The files a level names, with the path as written: paths
    /// interpolated under the datadir, globs expanded, mapped paths
    /// multiplied out.
    fn resolve_locations(&mut self, config: &Config, level: &Level) -> Result<Vec<(PathBuf, String)>, HieraError> {
        let datadir = self.interpolate_str(&config.root.join(&level.datadir).display().to_string(), false)?;
        let datadir = PathBuf::from(datadir);
        let default_config = config.path.is_none();
        let mut out = Vec::new();
        match &level.locations {
            None => {}
            Some(Locations::Paths(paths)) => {
                for p in paths {
                    let path = datadir.join(self.interpolate_str(p, false)?);
                    if !default_config || self.hiera.seen(&path, Path::exists) {
                        out.push((path, p.clone()));
                    }
                }
            }
            Some(Locations::Globs(globs)) => {
                for g in globs {
                    let pattern = datadir.join(self.interpolate_str(g, false)?);
                    let found = crate::dir_glob::glob(&pattern)
                        .map_err(|e| HieraError::Options { message: format!("hierarchy entry '{}': {e}", level.name) })?
                        .into_iter()
                        .filter(|p| !p.is_dir());
                    let written = pattern.display().to_string();
                    out.extend(found.map(|p| (p, written.clone())));
                }
            }
            Some(Locations::Uris(_)) => {
                return Err(HieraError::Options {
                    message: format!(
                        "hierarchy entry '{}' uses 'uri' locations, which need a lookup_key or data_dig function; confer has yaml_data and json_data only",
                        level.name
                    ),
                })
            }
            Some(Locations::Mapped(var, key, template)) => {
                let values = match self.scope_value(var, false)? {
                    Some(Value::String(s)) => vec![Value::String(s)],
                    Some(Value::Array(a)) => a.to_vec(),
                    _ => Vec::new(),
                };
                for v in values {
                    self.locals.push((key.clone(), v));
                    let p = self.interpolate_str(template, false);
                    self.locals.pop();
                    out.push((datadir.join(p?), template.clone()));
                }
            }
        }
        Ok(out)
    }
}

/// A string-keyed entry of a hash value.
pub(crate) fn get(h: &Value, k: &str) -> Option<Value> {
    match h {
        Value::Hash(m) => m.get(&Value::from(k)).cloned(),
        _ => None,
    }
}

impl Invocation<'_> {
    /// The lookup options that apply to `key`, if any.
    pub(crate) fn options_for(&mut self, key: &LookupKey) -> Result<Option<Value>, HieraError> {
        let module = key.module_name().map(str::to_string);
        let cached = self.hiera.options.lock().unwrap_or_else(|e| e.into_inner()).get(&module).cloned();
        let compiled = match cached {
            Some(c) => c,
            None => {
                let c = Arc::new(CompiledOptions::compile(self.retrieve_options(module.as_deref())?)?);
                self.hiera.options.lock().unwrap_or_else(|e| e.into_inner()).insert(module, c.clone());
                c
            }
        };
        compiled.for_key(&key.root)
    }

    /// Looks `lookup_options` up in a fresh name stack, as Puppet's meta
    /// invocation does.
    fn retrieve_options(&mut self, module: Option<&str>) -> Result<Option<Value>, HieraError> {
        let saved = std::mem::take(&mut self.names);
        let key = LookupKey::parse("lookup_options")?;
        self.ex(|e| e.push(crate::explain::Kind::Top("lookup_options".into())));
        let result = (|| {
            let global = self.layer_lookup(&Layer::Global, &key, &Strategy::Hash)?;
            let env = self.layer_lookup(&Layer::Environment, &key, &Strategy::Hash)?;
            let mut opts = match (global, env) {
                (Some(g), Some(e)) => Some(Strategy::Hash.merge(g.value, e.value)?),
                (g, e) => g.or(e).map(|f| f.value),
            };
            if let Some(m) = module {
                let layer = Layer::Module(m.to_string());
                if let Some(found) = self.layer_lookup(&layer, &key, &Strategy::Hash)? {
                    validate_module_options(&found.value, m)?;
                    opts = Some(match opts {
                        None => found.value,
                        Some(env) => Strategy::Hash.merge(env, found.value)?,
                    });
                }
            }
            Ok(opts)
        })();
        self.ex(crate::explain::Explainer::pop);
        self.names = saved;
        result
    }
}
