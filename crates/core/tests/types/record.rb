# Records what real Puppet answers for each expression in a case file, for
# tests/type_goldens.rs. Usage (with Puppet 7 installed):
#
#   ruby record.rb cases.pp > golden.txt
#
# Each non-blank, non-comment line of the input is one Puppet expression; the
# output line is `EXPR ==> RESULT` (the result in Puppet's %p form) or
# `EXPR !!! MESSAGE` (the error text after Puppet's "Evaluation Error: ").
# Besides Puppet expressions, `common(A, B)`, `normalize(T)` and
# `generalize(T)` call the type calculator directly.
require 'puppet'
Puppet.initialize_settings(['--confdir', '/tmp/pc', '--vardir', '/tmp/pv', '--codedir', '/tmp/pcode'])
node = Puppet::Node.new('recorder')
compiler = Puppet::Parser::Compiler.new(node)
Puppet.override(:current_environment => compiler.environment, :loaders => compiler.loaders) do
  scope = compiler.topscope
  parser = Puppet::Pops::Parser::EvaluatingParser.new
  tc = Puppet::Pops::Types::TypeCalculator.singleton
  conv = Puppet::Pops::Types::StringConverter.singleton
  File.readlines(ARGV[0]).each do |line|
    line = line.chomp
    if line.strip.empty? || line.start_with?('#')
      puts line
      next
    end
    begin
      r = case line
          when /\Acommon\((.*)\)\z/
            a, b = parser.evaluate_string(scope, "[#{$1}]")
            tc.common_type(a, b)
          when /\Anormalize\((.*)\)\z/
            parser.evaluate_string(scope, $1).normalize
          when /\Ageneralize\((.*)\)\z/
            parser.evaluate_string(scope, $1).generalize
          else
            parser.evaluate_string(scope, line)
          end
      puts "#{line} ==> #{conv.convert(r, '%p')}"
    rescue Exception => e
      msg = e.message.lines.first.chomp
      msg = msg.sub(/\AEvaluation Error: /, '').sub(/ \((file|line)[^)]*\)\z/, '').sub(/ \(line: \d+, column: \d+\)/, '')
      puts "#{line} !!! #{msg}"
    end
  end
end
