use super::*;

/// A host with top-scope variables and a few Puppet functions.
struct TestHost {
    logged: Vec<(String, String)>,
}

impl Host for TestHost {
    fn variable(&mut self, name: &str) -> Option<Value> {
        (name == "osfamily").then(|| Value::from("Debian"))
    }
    fn undefined_variable(&mut self, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn set_variable(&mut self, _: &str, _: Value) -> Result<(), String> {
        Ok(())
    }
    fn changed_variable(&mut self, _: &str) -> Option<RValue> {
        None
    }
    fn change_variable(&mut self, _: &str, _: RValue) {}
    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    fn has_legacy_function(&mut self, _: &str) -> bool {
        false
    }
    fn scope_label(&mut self) -> String {
        "Scope(Class[main])".into()
    }
    fn parse_type(&mut self, text: &str) -> Result<Value, String> {
        Err(format!("the test host parses no types: '{text}'"))
    }
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        match name {
            "upcase" => Ok(Value::from(confer_core::value::to_s(&args[0]).to_uppercase())),
            _ => Err(format!("Unknown function '{name}'")),
        }
    }
    fn call_lambda(&mut self, args: Vec<Value>) -> Result<Value, String> {
        Ok(Value::array(args))
    }
    fn find_template(&mut self, _: &str) -> Option<String> {
        None
    }

    fn log(&mut self, level: &str, message: &str) {
        self.logged.push((level.into(), message.into()));
    }
}

fn call(text: &str, method: &str, args: &[Value]) -> Result<Value, RubyError> {
    let f = RubyFunction::load(text).expect("loads");
    let callee = if method.is_empty() { Callee::Legacy } else { Callee::Method(method) };
    f.call(callee, args, false, &mut TestHost { logged: vec![] })
}

const ACLS: &str = r#"
# @summary translates acls
Puppet::Functions.create_function(:'postgresql::postgresql_acls_to_resources_hash') do
  dispatch :default_impl do
    param 'Array[String]', :acls
    param 'String[1]', :id
    param 'Integer[0]', :offset
  end

  def default_impl(acls, id, offset)
    resources = {}
    acls.each do |acl|
      index = acls.index(acl)
      parts = acl.split
      unless parts.length >= 4
        raise(Puppet::ParseError, "postgresql::postgresql_acls_to_resources_hash(): acl line #{index} does not " \
          'have enough parts')
      end
      resource = {
        'type'     => parts[0],
        'order'    => '%03d' % (offset + index),
      }
      if parts[0] == 'local'
        resource['auth_method'] = parts[3]
        if parts.length > 4
          resource['auth_option'] = parts.last(parts.length - 4).join(' ')
        end
      elsif parts[4] =~ %r{^\d}
        resource['address'] = parts[3] + ' ' + parts[4]
      else
        resource['address'] = parts[3]
      end
      resources["postgresql class generated rule #{id} #{index}"] = resource
    end
    resources
  end
end
"#;

#[test]
fn a_4x_function_loads_its_dispatch_and_runs() {
    let f = RubyFunction::load(ACLS).expect("loads");
    assert_eq!(f.name, "postgresql::postgresql_acls_to_resources_hash");
    let Api::Modern { dispatches, .. } = &f.api else { panic!("4.x") };
    assert_eq!(dispatches.len(), 1);
    assert_eq!(dispatches[0].method, "default_impl");
    assert_eq!(
        dispatches[0].params[0],
        DispatchParam { type_text: "Array[String]".into(), name: "acls".into(), repeat: Repeat::Once }
    );
    let out = call(
        ACLS,
        "default_impl",
        &[
            Value::array(vec![Value::from("local all all trust x y"), Value::from("host db u 10.0.0.0/8 md5")]),
            Value::from("a"),
            Value::Integer(3),
        ],
    )
    .expect("runs");
    let text = format!("{out:?}");
    assert!(text.contains("postgresql class generated rule a 0"), "{text}");
    assert!(text.contains("\"003\""), "{text}");
    assert!(text.contains("\"x y\""), "{text}");
    let e = call(ACLS, "default_impl", &[Value::array(vec![Value::from("a b")]), Value::from("a"), Value::Integer(0)])
        .unwrap_err();
    assert_eq!(e.to_string(), "postgresql::postgresql_acls_to_resources_hash(): acl line 0 does not have enough parts");
    assert!(matches!(e.kind, RubyErrorKind::Raised(ref x) if x.class == "Puppet::ParseError"));
}

#[test]
fn a_3x_function_gets_its_arguments_as_one_array() {
    let text = r#"
require 'digest/sha1'
module Puppet::Parser::Functions
  newfunction(:mysql_password, type: :rvalue, doc: <<-EOS
    @summary Hash a string as mysql's "PASSWORD()" function would do it
    EOS
             ) do |args|
    if args.size != 1
      raise Puppet::ParseError, _('mysql_password(): Wrong number of arguments given (%{args_length} for 1)') % { args_length: args.length }
    end
    return '' if args[0].empty?
    return args[0] if args[0] =~ %r{\*[A-F0-9]{40}$}
    '*' + Digest::SHA1.hexdigest(args[0]).upcase
  end
end
"#;
    let f = RubyFunction::load(text).expect("loads");
    assert!(matches!(f.api, Api::Legacy { rvalue: true, arity: -1 }));
    assert_eq!(call(text, "", &[Value::from("")]).unwrap(), Value::from(""));
    assert_eq!(call(text, "", &[Value::from("x")]).unwrap(), Value::from("*11F6AD8EC52A2984ABAAFD7C3B516503785C2072"));
    let e = call(text, "", &[Value::from("a"), Value::from("b")]).unwrap_err();
    assert_eq!(e.to_string(), "mysql_password(): Wrong number of arguments given (2 for 1)");
}

#[test]
fn a_function_without_dispatch_gets_the_default_one() {
    let text = r#"
Puppet::Functions.create_function(:validate_network_vlan_ranges) do
  def validate_network_vlan_ranges(*args)
    value = args[0]
    if not value.kind_of?(Array)
      value = [value]
    end
    value.each do |range|
      if m = /^(.+:)?(\d+):(\d+)$/.match(range)
        first_id = Integer(m[-2])
        second_id = Integer(m[-1])
        if (first_id > 4094) || (second_id > 4094)
          raise Puppet::Error, "vlan id are invalid."
        end
      elsif m = /^([^:]+)?(:\d+)?$/.match(range)
      elsif range
        raise Puppet::Error, "network vlan ranges are invalid."
      end
    end
  end
end
"#;
    let f = RubyFunction::load(text).expect("loads");
    let Api::Modern { dispatches, .. } = &f.api else { panic!("4.x") };
    assert_eq!(dispatches[0].params[0].repeat, Repeat::Many);
    assert_eq!(
        call(text, "validate_network_vlan_ranges", &[Value::from("physnet1:1000:2999")]).unwrap(),
        Value::array(vec![Value::from("physnet1:1000:2999")])
    );
    assert_eq!(
        call(text, "validate_network_vlan_ranges", &[Value::from("p:1:5000")]).unwrap_err().to_string(),
        "vlan id are invalid."
    );
}

#[test]
fn call_function_and_rescue_reach_puppet() {
    let text = r#"
Puppet::Functions.create_function(:'m::shout') do
  dispatch :shout do
    param 'String', :s
    optional_param 'Integer', :n
  end
  LIMIT = 2
  def shout(s, n = LIMIT)
    begin
      Integer('x')
    rescue ArgumentError => e
      Puppet.warning("bad: #{e.message}")
    end
    [call_function('upcase', s)] * n
  end
end
"#;
    let f = RubyFunction::load(text).expect("loads");
    let mut host = TestHost { logged: vec![] };
    let out = f.call(Callee::Method("shout"), &[Value::from("a")], false, &mut host).unwrap();
    assert_eq!(out, Value::array(vec![Value::from("A"), Value::from("A")]));
    assert_eq!(host.logged, vec![("warning".to_string(), "bad: invalid value for Integer(): \"x\"".to_string())]);
}

#[test]
fn files_without_a_function_are_refused_by_name() {
    let e = RubyFunction::load("x = 1\n").unwrap_err();
    assert!(matches!(e.kind, RubyErrorKind::Unsupported(_)), "{e:?}");
    let e =
        RubyFunction::load("Puppet::Functions.create_function(:f) do\n  def f\n    `id`\n  end\nend\n").unwrap_err();
    assert_eq!(e.kind, RubyErrorKind::Unsupported("backticks (running a command)".into()));
}

#[test]
fn a_change_in_place_reaches_every_reference_to_the_object() {
    let text = r#"
Puppet::Functions.create_function(:'m::tag_all') do
  def tag_all(list)
    list.each { |h| h['tagged'] = true }
    overlay(list[0], 'deep')
    list
  end
  def overlay(h, v)
    h['deep'] = v
  end
end
"#;
    let list = Value::array(vec![Value::hash(confer_core::HashMap::new())]);
    let mut expected = confer_core::HashMap::new();
    expected.insert(Value::from("tagged"), Value::Boolean(true));
    expected.insert(Value::from("deep"), Value::from("deep"));
    assert_eq!(call(text, "tag_all", &[list]).unwrap(), Value::array(vec![Value::hash(expected)]));
    let mapped = r#"
Puppet::Functions.create_function(:'m::collect') do
  def collect()
    r = []
    [1, 2].map do |v|
      r << v
    end
    r.delete(1)
    r
  end
end
"#;
    assert_eq!(call(mapped, "collect", &[]).unwrap(), Value::array(vec![Value::Integer(2)]));
}

#[test]
fn a_change_confer_cannot_follow_is_refused_not_answered_differently() {
    let string_in_array = r#"
Puppet::Functions.create_function(:'m::grow') do
  def grow()
    s = 'a'
    list = [s]
    s << 'b'
    list
  end
end
"#;
    let e = call(string_in_array, "grow", &[]).unwrap_err();
    assert!(matches!(e.kind, RubyErrorKind::Unsupported(_)), "{e:?}");
    let itself = r#"
Puppet::Functions.create_function(:'m::loop') do
  def loop()
    a = []
    a << a
    a
  end
end
"#;
    let e = call(itself, "loop", &[]).unwrap_err();
    assert!(matches!(e.kind, RubyErrorKind::Unsupported(_)), "{e:?}");
}

/// A class defined in the function file: `new` and `initialize`,
/// `attr_*`, instance variables, `self`, and a private method refused from
/// outside. The answer is Ruby 3.1's for the same code.
#[test]
fn objects_of_classes_the_code_defines() {
    let text = r#"
class Acc
  attr_reader :total
  attr_accessor :label

  def initialize(start)
    @total = start
    @label = 'acc'
  end

  def add(n)
    @total += step(n)
    self
  end

  private

  def step(n)
    n * 2
  end
end

Puppet::Functions.create_function(:objects) do
  def objects
    a = Acc.new(1)
    a.add(2).add(3)
    a.label = 'sum'
    out = [a.total, a.label, a.class.name, a.is_a?(Acc)]
    begin
      a.step(1)
    rescue NoMethodError => e
      out << e.class.name
    end
    out
  end
end
"#;
    let got = call(text, "objects", &[]).expect("runs");
    let want = Value::array(vec![
        Value::Integer(11),
        Value::from("sum"),
        Value::from("Acc"),
        Value::Boolean(true),
        Value::from("NoMethodError"),
    ]);
    assert_eq!(got, want);
}

#[test]
fn a_class_the_file_defines_takes_alias_send_and_keyword_splats() {
    let text = r##"
class Box
  def initialize(opts = {})
    opts.each_key { |k| send("#{k}=", opts[k]) }
  end
  attr_reader :width
  def width=(w)
    @width = w * 2
  end
  def area
    @width * @width
  end
  alias size area
  alias :surface :area
end

Puppet::Functions.create_function(:'m::box') do
  def box(w)
    options = { width: w }
    b = Box.new(**options)
    [b.width, b.size, b.surface, 2 ** 3]
  end
end
"##;
    let got = call(text, "box", &[Value::Integer(3)]).expect("runs");
    assert_eq!(got, Value::array(vec![Value::Integer(6), Value::Integer(36), Value::Integer(36), Value::Integer(8)]));
}

#[test]
fn a_library_outside_the_load_path_is_rubys_load_error() {
    let text = "require 'redis'\nPuppet::Functions.create_function(:'m::get') do\n  def get(k)\n    k\n  end\nend\n";
    let e = RubyFunction::load(text).unwrap_err();
    assert_eq!(e.to_string(), "cannot load such file -- redis");
}
