module Puppet::Parser::Functions
  newfunction(:webapp_legacy, :type => :rvalue, :arity => 1, :doc => 'Doubles a number.') do |args|
    args[0].to_i * 2
  end
end
