if false and fail('not reached') { notice('no') } else { notice('fail() was skipped') }
if true or fail('not reached') { notice('fail() was skipped again') }
