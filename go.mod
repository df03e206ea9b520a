module github.com/cutealg/cutealg

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
	pgregory.net/rapid v1.3.0
)
