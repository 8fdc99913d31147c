if undef { notice('t') } else { notice('undef is false') }
