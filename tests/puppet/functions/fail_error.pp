notice('before')
fail('this is the failure message')
notice('after')
