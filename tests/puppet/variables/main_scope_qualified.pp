$x = 'top'
notice($main::x)
