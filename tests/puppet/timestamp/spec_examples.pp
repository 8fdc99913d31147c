notice(Timestamp(1473150899), Timestamp({string=>"2015", format=>"%Y"}), Timestamp("Wed Aug 24 12:13:14 2016", "%c"), Timestamp("Wed Aug 24 12:13:14 2016 PDT", "%c %Z"))
