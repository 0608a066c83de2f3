import { describe, expect, test } from 'vitest';
import { sizeWaterHeater } from './sizing';

describe('sizeWaterHeater', () => {
  test('adds the flow of fixtures running at once for tankless', () => {
    expect(sizeWaterHeater({ people: 3, bathrooms: 2, fuel: 'gas', simultaneous: { shower: 2, kitchenFaucet: 1 } }).tanklessGpm).toBe(5.5);
  });
  test('recommends a 30-gallon gas tank for two people with one bathroom', () => {
    expect(sizeWaterHeater({ people: 2, bathrooms: 1, fuel: 'gas', simultaneous: { shower: 1 } }).tankGallons).toBe(30);
  });
  test('recommends 50 gallons gas or 75 electric for four people with two bathrooms', () => {
    expect(sizeWaterHeater({ people: 4, bathrooms: 2, fuel: 'gas', simultaneous: {} }).tankGallons).toBe(50);
    expect(sizeWaterHeater({ people: 4, bathrooms: 2, fuel: 'electric', simultaneous: {} }).tankGallons).toBe(75);
  });
  test('sizes electric tanks larger than gas for the same household', () => {
    const gas = sizeWaterHeater({ people: 4, bathrooms: 2, fuel: 'gas', simultaneous: {} }).tankGallons;
    const electric = sizeWaterHeater({ people: 4, bathrooms: 2, fuel: 'electric', simultaneous: {} }).tankGallons;
    expect(electric).toBeGreaterThan(gas);
  });
  test('warns when demand is beyond one tankless unit', () => {
    expect(sizeWaterHeater({ people: 6, bathrooms: 4, fuel: 'gas', simultaneous: { shower: 4, washer: 1 } }).notes.join(' ')).toMatch(/two tankless units/);
  });
  test('clamps nonsense input instead of failing', () => {
    const r = sizeWaterHeater({ people: -5, bathrooms: 0, fuel: 'gas', simultaneous: { shower: -2 } });
    expect(r.tanklessGpm).toBe(0);
    expect(r.peakHourGallons).toBe(16);
  });
});
