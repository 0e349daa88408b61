// The payment round trip's keys live in lib/ (the tutoring feature's booking stores them too); kept here for this feature's imports.
export * from '../../lib/payment-storage';
