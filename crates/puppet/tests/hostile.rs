//! Hostile manifests where Puppet 7.23 has no answer to record (it runs out of
//! stack, or takes too long): confer must fail with a located error, once,
//! without a panic or a stack overflow. Each runs on a thread with the CLI's
//! stack size, as `confer puppet apply` runs it.

use confer_puppet::log::Collect;
use confer_puppet::span::Source;

/// Applies `text` and returns the error's message and (line, column).
fn apply_error(text: String) -> (String, (usize, usize)) {
    std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let source = Source::new("hostile.pp", text);
            let e = confer_puppet::apply(&source, &mut Collect::default()).expect_err("the manifest must fail");
            let at = e.location.as_ref().map(|l| (l.line, l.column)).expect("the error is located");
            (e.message, at)
        })
        .expect("thread")
        .join()
        .expect("no panic")
}

#[test]
fn left_deep_operator_chains_fail_at_the_operator_past_the_limit() {
    for op in ["+", " and ", "==", " in ", "<<", "->"] {
        let (message, (line, column)) = apply_error(format!("notice({})\n", vec!["1"; 50_000].join(op)));
        assert!(message.contains("Expression too deep"), "{op}: {message}");
        assert_eq!(line, 1);
        assert!(column > 1000, "{op}: column {column}");
    }
}

#[test]
fn postfix_chains_fail_past_the_limit() {
    for chain in [".abs", "[0]", ".map |$x| { $x }"] {
        let (message, _) = apply_error(format!("$a = [1]\nnotice($a{})\n", chain.repeat(50_000)));
        assert!(message.contains("Expression too deep"), "{chain}: {message}");
    }
}

#[test]
fn reduce_cannot_nest_a_value_past_the_limit() {
    let (message, at) = apply_error("$x = Integer[1, 100000].reduce(1) |$m, $i| { [$m] }\nnotice($x)\n".into());
    assert!(message.contains("nested deeper than 1000 levels"), "{message}");
    // At the call's `(`, where Puppet locates a method call's errors.
    assert_eq!(at, (1, 31));
}

#[test]
fn an_undecided_pattern_fails_where_it_is_used() {
    let (message, at) = apply_error("notice('aaaaaaaaaaaaaaaaaaaaaaaaab' =~ Pattern[/^(?:(a+)+\\1c|.*b)$/])\n".into());
    assert!(message.contains("needs too much backtracking"), "{message}");
    assert_eq!(at, (1, 8));
}

#[test]
fn a_heredoc_of_millions_of_interpolations_is_refused_where_it_opens() {
    // Issue 16: a 21 MB heredoc of `${y}` took gigabytes.
    let body = "${y}".repeat(1_000_001);
    let (message, at) = apply_error(format!("$y = 'v'\n$h = @(\"END\")\n{body}\nEND\nnotice($h.length)\n"));
    assert!(message.contains("at most 1000000 interpolated parts"), "{message}");
    assert_eq!(at.0, 2);
}

#[test]
fn a_template_cannot_build_gigabytes() {
    // Found by the `templates` fuzz target: 2.8 GB from one expression, and
    // a string doubled in a loop.
    for template in ["<%= '5' * 405 * 405 * 17204 %>", "<% s = 'ab' %><% (1..40).each { s = s + s } %><%= s.size %>"] {
        let (message, at) = apply_error(format!("notice(inline_template(\"{template}\"))\n"));
        assert!(message.contains("larger than 16777216"), "{template}: {message}");
        assert_eq!(at, (1, 8));
    }
}

#[test]
fn a_loop_cannot_double_a_value_without_bound() {
    // Puppet 7.23 runs out of memory ("failed to allocate memory").
    let cases = [
        ("$s = Integer[1, 40].reduce('ab') |$m, $i| { \"${m}${m}\" }\nnotice($s.length)\n", "a string of more than"),
        ("$a = Integer[1, 40].reduce([1, 2]) |$m, $i| { $m + $m }\nnotice($a.length)\n", "an array of more than"),
    ];
    for (manifest, expected) in cases {
        let (message, at) = apply_error(manifest.to_string());
        assert!(message.contains(expected), "{message}");
        assert_eq!(at.0, 1);
    }
}

#[test]
fn a_value_doubled_through_shared_parts_is_refused_where_it_is_built() {
    // Small in memory (both halves are one array), but 2^40 elements to print,
    // compare or flatten: refused by its expanded size, at the `[` that built it.
    let cases = [
        "$a = Integer[1, 40].reduce([1]) |$m, $i| { [$m, $m] }\nnotice($a)\n",
        "$a = Integer[1, 40].reduce({}) |$m, $i| { { 'a' => $m, 'b' => $m } }\nnotice($a == $a)\n",
        "function f($n) { if $n == 0 { [1] } else { $x = f($n - 1) [$x, $x] } }\nnotice(f(40).flatten.length)\n",
    ];
    for manifest in cases {
        let (message, at) = apply_error(manifest.to_string());
        assert!(message.contains("with its shared parts counted each time they appear"), "{manifest}: {message}");
        assert_eq!(at.0, 1, "{manifest}");
    }
}

#[test]
fn a_template_cannot_double_a_value_through_shared_parts() {
    let template = "<% a = [1] %><% (1..40).each { a = [a, a] } %><%= a.flatten.size %>";
    let (message, at) = apply_error(format!("notice(inline_template(\"{template}\"))\n"));
    assert!(message.contains("with its shared parts counted each time they appear"), "{message}");
    assert_eq!(at, (1, 8));
}

#[test]
fn a_value_below_the_limit_is_still_whole() {
    // 2^20 integers reached through shared parts: printed and flattened in
    // full (the figures are Puppet 7.23's).
    let source = Source::new(
        "whole.pp",
        "$a = Integer[1, 20].reduce([1]) |$m, $i| { [$m, $m] }\nnotice($a.flatten.length)\nnotice(\"${a}\".length)\n",
    );
    let mut log = Collect::default();
    confer_puppet::apply(&source, &mut log).expect("applies");
    let notices: Vec<&str> = log.events.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(notices, ["1048576", "7340028"]);
}

#[test]
fn a_type_doubled_in_a_loop_is_refused_before_it_is_copied() {
    // A type copies its parameters, so `Tuple[$m, $m]` doubles its memory
    // each time round (22 levels took 1.1 GB).
    let (message, at) =
        apply_error("$a = Integer[1, 40].reduce(Integer) |$m, $i| { Tuple[$m, $m] }\nnotice($a)\n".to_string());
    assert!(message.contains("built a type of more than 16777216 bytes"), "{message}");
    assert_eq!(at, (1, 48));
}

#[test]
fn an_array_holding_one_large_type_many_times_counts_it_each_time() {
    let (message, at) = apply_error(
        "$t = Integer[1, 15].reduce(Integer) |$m, $i| { Tuple[$m, $m] }\n\
         $b = Integer[1, 3000000].map |$i| { $t }\nnotice($b.length)\n"
            .to_string(),
    );
    assert!(message.contains("with its shared parts counted each time they appear"), "{message}");
    assert_eq!(at.0, 2);
}

#[test]
fn nested_repetition_counts_that_overflow_are_refused() {
    // Found by the `puppet_apply` fuzz target: fancy-regex multiplied the
    // counts without checking (a panic with overflow checks).
    // (A regexp literal's errors have no location, in Puppet as in confer.)
    let (message, at) = apply_error(
        "notice('x' =~ Regexp('(?:(?:(?:(?:(x)\\\\1{88829}){88829}){88829}){88829}){88829}'))\n".to_string(),
    );
    assert!(message.contains("too big number for repeat range"), "{message}");
    assert_eq!(at, (1, 15));
}

#[test]
fn the_detailed_type_of_a_large_value_is_refused_before_it_is_built() {
    // A type per element: 2^21 shared elements took 4.5 s and 770 MB.
    let (message, at) =
        apply_error("$x = Integer[1, 21].reduce([1]) |$m, $i| { [$m, $m] }\nnotice(type($x) =~ Type)\n".to_string());
    assert!(message.contains("built a type of more than 16777216 bytes"), "{message}");
    assert_eq!(at, (2, 8));
}

#[test]
fn a_catalog_past_the_resource_limit_fails_at_the_declaration() {
    // Issue 27: three million resources aborted at 1 GiB; a defined type
    // declaring two of itself 30 levels deep made 2^30.
    let (message, at) = apply_error("Integer[1, 3000000].each |$i| {\n  notify { \"n${i}\": }\n}\n".into());
    assert!(message.contains("The catalog has more than 200000 resources"), "{message}");
    assert_eq!(at, (2, 3));
}

#[test]
fn a_define_that_doubles_itself_stops_at_the_resource_limit() {
    // Issue 27: each instance declares two of itself, 30 levels deep (2^30).
    // The error is Puppet's nesting of a define's failure: the declaration
    // inside the define, with its line.
    let text = "define twice(Integer $depth) {\n  if $depth > 0 {\n    twice { [\"${title}a\", \"${title}b\"]: depth => $depth - 1 }\n  }\n}\ntwice { 'x': depth => 30 }\n";
    let message = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let source = Source::new("hostile.pp", text.to_string());
            confer_puppet::apply(&source, &mut Collect::default()).expect_err("the manifest must fail").message
        })
        .expect("thread")
        .join()
        .expect("no panic");
    assert!(message.contains("The catalog has more than 200000 resources"), "{message}");
    assert!(message.contains("(file: hostile.pp, line: 3, column: 5)"), "{message}");
}
