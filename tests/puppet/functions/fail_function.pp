notice('before')
fail('stop here')
notice('after')
