if $nosuchvar { notice('unset is true') } else { notice('unset is false') }
