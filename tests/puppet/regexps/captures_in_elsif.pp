if 'x' =~ /y/ { notice('no') } elsif 'yz' =~ /(z)/ { notice($1) }
